import { startPlatform } from './bootstrap.ts';
import { ConfigError, configFromEnv, type ServerConfig } from './config.ts';
import { checkAddressFree, serveUntilSignalled } from './server-lifecycle.ts';

/** The configuration, or one clear line and exit code 1 for a setting the server cannot start with. */
function startupConfig(): ServerConfig {
  try {
    return configFromEnv();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`无法启动：${error.message}`);
    process.exit(1);
  }
}

const config = startupConfig();
const addressProblem = await checkAddressFree(config);
if (addressProblem) {
  console.error(addressProblem);
  process.exit(1);
}
const platform = await startPlatform(config, { warmBundlePages: true });

if (platform.seededFiles > 0) console.log(`已导入示例数据：${platform.seededFiles} 个报表文件`);
if (platform.lostJobs > 0) console.log(`${platform.lostJobs} 个后台任务的服务器已停止，已标记为失败`);
if (platform.changeSeqRaised) {
  const { from, to } = platform.changeSeqRaised;
  console.warn(`变更序号 ${from} 落后于已存数据的 ${to}，已调高到 ${to}（客户端的同步进度不会倒退）`);
}
const owed = platform.owedValuations;
if (owed) {
  console.log(`上次停止时有 ${owed.companies} 家公司导入后尚未估值，正在后台补做（任务 ${owed.jobId}）`);
  void owed.done.then((outcome) => {
    if (!outcome) return;
    const valued = outcome.successful_companies.length;
    console.log(`补做估值完成：${valued} 家已估值，${outcome.failed.length} 家无法估值（原因见任务 ${owed.jobId}）`);
  });
}
if (platform.generatedAdminPassword) {
  console.log('──────────────────────────────────────────────');
  console.log(`管理员账号已创建：用户名 ${config.adminUsername}`);
  console.log(`初始密码（只显示这一次）：${platform.generatedAdminPassword}`);
  console.log('设置 ADMIN_PASSWORD 环境变量可指定密码。');
  console.log('──────────────────────────────────────────────');
}

serveUntilSignalled(platform, config);
