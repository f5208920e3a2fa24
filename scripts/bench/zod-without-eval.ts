/**
 * The sync page is an API answer under the server's CSP (no eval), but its script is evaluated through the
 * debugger protocol, where zod's probe for eval can succeed: zod must then not compile its checks into
 * functions. Imported before any module that makes schemas (zod reads the setting when they are made).
 */
import { config } from 'zod/mini';

config({ jitless: true });
