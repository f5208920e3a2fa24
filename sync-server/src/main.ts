import { serve } from '@hono/node-server';
import { startPlatform } from './bootstrap.ts';
import { ConfigError, configFromEnv, type ServerConfig } from './config.ts';

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
const platform = await startPlatform(config);

if (platform.seededFiles > 0) console.log(`已导入示例数据：${platform.seededFiles} 个报表文件`);
if (platform.generatedAdminPassword) {
  console.log('──────────────────────────────────────────────');
  console.log(`管理员账号已创建：用户名 ${config.adminUsername}`);
  console.log(`初始密码（只显示这一次）：${platform.generatedAdminPassword}`);
  console.log('设置 ADMIN_PASSWORD 环境变量可指定密码。');
  console.log('──────────────────────────────────────────────');
}

const server = serve({ fetch: platform.app.fetch, port: config.port, hostname: config.host }, (info) => {
  console.log(`自由现金流估值平台 已启动：http://${config.host}:${info.port}  (数据库 ${config.databaseUrl})`);
});

function shutdown(signal: string) {
  console.log(`收到 ${signal}，正在关闭…`);
  server.close(() => {
    void platform.close().then(() => process.exit(0));
  });
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
