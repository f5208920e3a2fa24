import { readFileSync } from 'node:fs';
import fc from 'fast-check';

/**
 * The random requests of the API fuzz test (`http/api-fuzz.test.ts`): bodies valid, varied and malformed,
 * tokens real and forged, headers and path parameters that a hostile client could send.
 */

export interface Route {
  readonly method: string;
  readonly path: string;
}

// biome-ignore format: a word list
const KNOWN_KEYS = [
  'username', 'password', 'email', 'old_password', 'new_password', 'name', 'link', 'isGroup', 'is_group',
  'sort_order', 'order_index', 'path', 'description', 'category_id', 'categories', 'order', 'mode', 'companies',
  'async', 'script_type', 'company_name', 'force_recalculate', 'calculation_type', 'year', 'parameters',
  'adjustment_reason', 'auto_recalculate', 'cascade_update', 'modified_by', 'valuation_results',
  'discounted_cashflows', 'valuation_year', 'wacc', 'terminal_growth_rate', 'user_parameters',
  'year_specific_params', 'wacc_manual', 'terminal_growth_rate_manual', 'total_shares_manual', 'userId',
  'reportType', 'template', 'dataSnapshot', 'companyName', 'clientId', 'schemaVersion', 'mutations', 'reset_mode',
  'include_valuation_params', 'reset_scope', 'confirm_separation', 'id', 'args', 'baseVersion', 'value', 'company',
  'parameter', 'operating_revenue_yoy', 'da_ratio', '__proto__', 'constructor',
] as const;

/** Values that look like what a field wants, and ones that do not. */
const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1, 0.09, 2027, 1e308, -1e308, 600298, '600298', '安琪酵母', '/', ''),
  fc.constantFrom('force_all', 'unvalued', 'post_analysis', 'fcf_ratio', 'standard', 'default', 1, 'Abcdefg12345'),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constant('长'.repeat(5000)),
  fc.constant(`a@${'.'.repeat(20_000)}@`),
  fc.jsonValue({ maxDepth: 3 }),
);

const objectBody = fc.dictionary(fc.constantFrom(...KNOWN_KEYS), fieldValue, { maxKeys: 6 });

/** A push-shaped body, so the sync handlers see mutations, valid and not. */
const pushBody = fc.record({
  clientId: fc.oneof(fc.constant('fuzz-client-01'), fc.string({ maxLength: 80 })),
  schemaVersion: fc.oneof(fc.constant(1), fieldValue),
  mutations: fc.array(
    fc.record({
      id: fc.oneof(fc.integer({ min: 1, max: 5 }), fieldValue),
      name: fc.oneof(fc.constantFrom('setForecastParameter', 'setValuationParameter', 'resolveConflict'), fieldValue),
      args: fc.oneof(
        fc.record({
          company: fc.constantFrom('600298', '000333', '999999', 'x'),
          year: fc.constantFrom(2020, 2025, 2027, 1e9),
          parameter: fc.constantFrom('operating_revenue_yoy', 'wacc_manual', 'nope'),
          value: fc.oneof(fc.constant(null), fc.double({ noNaN: true })),
        }),
        fieldValue,
      ),
      baseVersion: fc.oneof(fc.nat(5), fieldValue),
    }),
    { maxLength: 4 },
  ),
});

type Body =
  | { readonly kind: 'none' }
  | { readonly kind: 'text'; readonly text: string; readonly type: string | null }
  | { readonly kind: 'bytes'; readonly bytes: Uint8Array; readonly type: string | null }
  | {
      readonly kind: 'form';
      readonly field: string;
      readonly files: readonly { name: string; content: string | Uint8Array<ArrayBuffer> }[];
    };

/** A real statement export, so an upload sometimes gets all the way through the import. */
const STATEMENT = new Uint8Array(readFileSync(new URL('../../../fixtures/163/lrb600298.csv', import.meta.url)));

/** A body each JSON route accepts, to be varied, so the handlers behind the validation are reached too. */
const VALID_BODIES: Readonly<Record<string, unknown>> = {
  'POST /api/login': { username: 'admin', password: 'Not-the-password-1' },
  'POST /api/register': { username: 'fuzz_user', email: 'fuzz@example.com', password: 'Abcdefg12' },
  'POST /api/change-password': { old_password: 'Not-the-password-1', new_password: 'Abcdefg12345' },
  'POST /api/top_menus': { name: '菜单', link: '/industry-research' },
  'PUT /api/top_menus/:id': { name: '菜单', link: 'https://www.sse.com.cn/' },
  'POST /api/top_menus/:id/children': { name: '子菜单', link: '/x' },
  'PUT /api/top_menus/:id/children/:childId': { name: '子菜单', link: '/y' },
  'POST /api/core_menus': { name: '章节', path: 'section', link: '', description: '说明' },
  'PUT /api/core_menus/:id': { name: '章节', order_index: 3 },
  'POST /api/pdf-menu-categories': { name: '分类' },
  'POST /api/pdf-menu-categories/sort': [1, 2, 3],
  'PUT /api/pdf-files/:id{[0-9]+}/category': { category_id: 1 },
  'POST /api/valuation/company/:company': {},
  'POST /api/valuation/auto': { mode: 'unvalued', companies: ['600298'] },
  'POST /api/execute-script': { script_type: 'post_analysis', mode: 'fcf_ratio', company_name: '600298' },
  'POST /api/admin/adjust-parameters/:company': { year: null, parameters: { wacc_manual: 0.09 } },
  'PUT /api/admin/admin-choices/:company': { other_current_assets_cash_like: true },
  'POST /api/admin/save-complete-valuation/:company': {
    valuation_results: { value_per_share: 1 },
    discounted_cashflows: [{ year: 2025, wacc: 0.09 }],
    wacc: 0.09,
  },
  'POST /api/admin/reset-to-auto-complete/:company': { reset_scope: { fcf_parameters: true } },
  'PUT /api/admin/platform-settings': { terminal_value_method: 'gordon' },
  'PUT /api/admin/risk-free-rates': { year: 2024, rate: 0.0168 },
  'POST /api/user/calculate-with-valuation/:company': {
    wacc_manual: 0.09,
    year_specific_params: { 2026: { da_ratio: 0.1 } },
  },
  'POST /api/valuation/story': {
    base_revenue: 1000,
    base_operating_income: 100,
    revenue_growth_years_1_5: 0.1,
    terminal_growth: 0.025,
    target_operating_margin: 0.15,
    margin_convergence_year: 5,
    sales_to_capital_years_1_5: 1.5,
    sales_to_capital_years_6_10: 1.5,
    effective_tax_rate: 0.2,
    marginal_tax_rate: 0.25,
    cost_of_capital_initial: 0.09,
    cost_of_capital_terminal: 0.08,
    terminal_roc: 0.1,
    debt: 200,
    cash: 100,
    minority_interest: 0,
    non_operating_assets: 0,
    shares: 100,
  },
  // A company that does not exist: a PDF takes a second to draw, and the fuzz varies the name anyway.
  'POST /api/pdf/generate': { userId: '不存在的公司' },
};

const REMOVE = Symbol('remove');

/** The valid body with a few fields removed, retyped or added. */
function variedBody(base: unknown): fc.Arbitrary<unknown> {
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return fc.oneof(fc.constant(base), fieldValue);
  const keys = [...Object.keys(base), ...KNOWN_KEYS];
  return fc
    .array(fc.tuple(fc.constantFrom(...keys), fc.oneof(fc.constant(REMOVE), fieldValue)), { maxLength: 2 })
    .map((edits) => {
      const copy: Record<string, unknown> = { ...base };
      for (const [key, value] of edits) {
        if (value === REMOVE) delete copy[key];
        else copy[key] = value;
      }
      return copy;
    });
}

/** Files for the multipart uploads: names with traversal, direction controls and length; odd contents. */
const uploadForm = fc.record({
  field: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('files', 'file') }, fc.constant('other')),
  files: fc.array(
    fc.record({
      name: fc.oneof(
        fc.constantFrom(
          'lrb600298.csv',
          'lrb600298.csv',
          'report.pdf',
          'report.pdf',
          '../../etc/passwd',
          'a\u202Egnp.pdf',
          `${'长'.repeat(300)}.csv`,
          '',
        ),
        fc.string({ maxLength: 30 }),
      ),
      content: fc.oneof(
        { weight: 3, arbitrary: fc.integer().map((n) => `%PDF-1.4\n% ${n}\n%%EOF`) },
        { weight: 2, arbitrary: fc.constant(STATEMENT) },
        fc.constantFrom('%PDF-1.4\n%%EOF', '报告日期,2019-12-31\n营业收入(万元),1', 'PK\u0003\u0004broken', ''),
        fc.string({ maxLength: 200 }),
      ),
    }),
    { minLength: 1, maxLength: 2 },
  ),
});

const JSON_TYPE = 'application/json';
const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant<string | null>(JSON_TYPE) },
  fc.constantFrom<string | null>(
    null,
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=latin1',
    'APPLICATION/JSON',
  ),
);

/** Bodies for a route: varied valid ones, JSON of any shape, malformed text and bytes, uploads. */
function bodyFor(route: Route): fc.Arbitrary<Body> {
  const valid = VALID_BODIES[`${route.method} ${route.path}`];
  const shaped = route.path === '/api/sync/push' ? pushBody : variedBody(valid ?? {});
  const json = (value: fc.Arbitrary<unknown>) =>
    fc
      .tuple(value, contentType)
      .map(([data, type]): Body => ({ kind: 'text', text: JSON.stringify(data) ?? 'null', type }));
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
    { weight: valid !== undefined || route.path === '/api/sync/push' ? 8 : 1, arbitrary: json(shaped) },
    { weight: 3, arbitrary: json(fc.oneof(objectBody, fc.jsonValue({ maxDepth: 4 }))) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.oneof(
            fc.constantFrom('{', '{"username":', 'not json', '[1,2', '{"a":1}}', '', 'null', '"x"', '\u0000'),
            fc.string({ maxLength: 60 }),
            fc.constant(`${'['.repeat(20_000)}${']'.repeat(20_000)}`),
            fc.constant(`${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`),
            fc.constant(JSON.stringify({ name: 'x'.repeat(70_000) })),
          ),
          contentType,
        )
        .map(([text, type]): Body => ({ kind: 'text', text, type })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.oneof(
            fc.constant(new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0xfe, 0x22, 0x7d])),
            fc.uint8Array({ maxLength: 64 }),
          ),
          contentType,
        )
        .map(([bytes, type]): Body => ({ kind: 'bytes', bytes, type })),
    },
    {
      weight: route.path.includes('upload') ? 8 : 1,
      arbitrary: uploadForm.map((form): Body => ({ kind: 'form', ...form })),
    },
  );
}

/** A path parameter as it appears in the URL: encoded text, or raw escapes and dot segments. */
const pathValue = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('600298', '000333', encodeURIComponent('安琪酵母'), '1', '2', '3') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '..',
      '.',
      '%2e%2e',
      '..%2f..%2fpackage.json',
      '%00',
      'a%00b',
      '%',
      '%zz',
      '%E4%BD',
      '%2F',
      '-1',
      '0',
      '1e3',
      '99999999999999999999999',
      'NaN',
      encodeURIComponent('\u202Epdf.exe'),
      encodeURIComponent('<script>'),
    ),
  },
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.constant('a'.repeat(5000)) },
);

const query = fc.option(
  fc
    .array(
      fc.tuple(
        fc.constantFrom(
          'category_id',
          'cursor',
          'limit',
          'clientId',
          'tables',
          'view_mode',
          'company',
          'inline',
          'download',
        ),
        fc.oneof(
          fc.constantFrom('-1', '0', '1', 'manual', 'auto', 'companies,users', '1e999', ''),
          fc.string({ maxLength: 20 }),
        ),
      ),
      { maxLength: 3 },
    )
    .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`),
  { nil: '' },
);

/** Header values must be Latin-1 without CR, LF or NUL to be sent at all. */
const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)),
  maxLength: 60,
});

/** The tokens a request may carry, by name; the test makes them (a real admin token, forged ones, …). */
const TOKEN_NAMES = [
  'admin',
  'user',
  'garbage',
  'empty',
  'long',
  'otherSecret',
  'oldVersion',
  'noVersion',
  'expired',
  'ghost',
  'tampered',
  'algNone',
] as const;
export type TokenName = (typeof TOKEN_NAMES)[number];

type Authorization = null | { readonly scheme: string; readonly token: TokenName } | { readonly raw: string };

const authorization: fc.Arbitrary<Authorization> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null) },
  { weight: 8, arbitrary: fc.constant({ scheme: 'Bearer ', token: 'admin' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      scheme: fc.constantFrom('Bearer ', 'bearer ', 'BEARER\t', 'Bearer', 'Basic ', 'Token ', ''),
      token: fc.constantFrom(...TOKEN_NAMES),
    }),
  },
  { weight: 1, arbitrary: headerText.map((raw) => ({ raw })) },
);

const extraHeaders = fc.record(
  {
    'X-Forwarded-For': fc.oneof(fc.constantFrom('203.0.113.9', '1.1.1.1, 2.2.2.2', '', ' , '), headerText),
    'X-Forwarded-Proto': fc.constantFrom('https', 'http', 'gopher'),
    Range: fc.oneof(fc.constantFrom('bytes=0-9', 'bytes=-5', 'bytes=999999999-', 'bytes=5-1', 'items=1-2'), headerText),
    'If-None-Match': fc.oneof(fc.constantFrom('*', 'W/"x"'), headerText),
  },
  { requiredKeys: [] },
);

export interface FuzzRequest {
  readonly params: readonly string[];
  readonly query: string;
  readonly body: Body;
  readonly authorization: Authorization;
  readonly headers: Readonly<Record<string, string>>;
}

/** Random requests for one route. */
export function requestFor(route: Route): fc.Arbitrary<FuzzRequest> {
  return fc.record({
    params: fc.array(pathValue, { minLength: 3, maxLength: 3 }),
    query,
    body: bodyFor(route),
    authorization,
    headers: extraHeaders,
  });
}

/** The route's path with its parameters (and a `*`) filled in. */
export function fuzzUrl(route: Route, params: readonly string[]): string {
  let index = 0;
  const next = () => params[index++ % params.length] ?? '1';
  return route.path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, next).replace('*', () => `${next()}/${next()}`);
}

/** The request's method, headers and body, with the named token from `tokens`. */
export function fuzzRequestInit(
  route: Route,
  input: FuzzRequest,
  tokens: Readonly<Record<TokenName, string>>,
): RequestInit {
  const headers = new Headers(input.headers);
  const auth = input.authorization;
  if (auth !== null) headers.set('Authorization', 'raw' in auth ? auth.raw : `${auth.scheme}${tokens[auth.token]}`);
  const init: RequestInit = { method: route.method, headers };
  if (route.method === 'GET' || input.body.kind === 'none') return init;
  if (input.body.kind === 'form') {
    const form = new FormData();
    for (const file of input.body.files) form.append(input.body.field, new File([file.content], file.name));
    init.body = form;
    return init;
  }
  if (input.body.type !== null) headers.set('Content-Type', input.body.type);
  init.body = input.body.kind === 'text' ? new TextEncoder().encode(input.body.text) : input.body.bytes;
  return init;
}
