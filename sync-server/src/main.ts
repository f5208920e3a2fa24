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
const platform = await startPlatform(config);

if (platform.seededFiles > 0) console.log(`已导入示例数据：${platform.seededFiles} 个报表文件`);
if (platform.lostJobs > 0) console.log(`${platform.lostJobs} 个后台任务的服务器已停止，已标记为失败`);
if (platform.generatedAdminPassword) {
  console.log('──────────────────────────────────────────────');
  console.log(`管理员账号已创建：用户名 ${config.adminUsername}`);
  console.log(`初始密码（只显示这一次）：${platform.generatedAdminPassword}`);
  console.log('设置 ADMIN_PASSWORD 环境变量可指定密码。');
  console.log('──────────────────────────────────────────────');
}

serveUntilSignalled(platform, config);
