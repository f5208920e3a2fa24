import { errorAnswer } from '@fcf/engine/contract';
import type { Env, Hono, MiddlewareHandler, Schema } from 'hono';
import { describeRoute, generateSpecs, resolver } from 'hono-openapi';
import { type $ZodType, toJSONSchema } from 'zod/v4/core';
import { type Access, accessFor } from './access-policy.ts';

/**
 * The OpenAPI 3.1 document of the API, generated from the routes themselves: each route declares its
 * answers with `documented(...)`, its request with the validators (http/validate.ts), and who may call it
 * comes from the access policy. Served at GET /api/openapi.json; docs/api.md lists its endpoints.
 */

/** The groups the reference shows, in this order. */
export const API_TAGS = {
  companies: '公司与数据',
  report: '分析报告',
  valuation: '估值数据与试算',
  accounts: '账户',
  menus: '菜单',
  uploads: '财务数据上传',
  runs: '估值计算与任务',
  adjustments: '预测调整',
  sync: '离线同步',
  pdf: '报告PDF',
  research: '研究报告库',
  docs: '接口文档',
} as const;
type ApiTag = keyof typeof API_TAGS;

const ERROR_MEANINGS = {
  400: '请求参数有误（message 指出字段与原因）',
  401: '未登录或登录已过期',
  403: '需要管理员权限',
  404: '所指的公司、文件或记录不存在',
  409: '与现有数据冲突',
  413: '请求体过大',
  415: '请求体不是 JSON（Content-Type: application/json）',
  422: '数据不足以完成估值，或上传的文件需补充信息（如金额单位）',
  429: '过于频繁，请按 Retry-After 等待后重试',
  503: '服务暂时繁忙或不可用，请按 Retry-After 稍后重试',
} as const;
type ErrorStatus = keyof typeof ERROR_MEANINGS;

/** An answer that is not JSON: a file or a page. */
interface MediaAnswer {
  readonly media: string;
  readonly description: string;
}

export interface RouteDoc {
  readonly tag: ApiTag;
  readonly summary: string;
  readonly description?: string;
  /** The answers by status: a schema of the JSON body, or a file's media type. */
  readonly answers: Readonly<Partial<Record<200 | 201 | 202 | 206 | 304 | 400 | 422 | 503, $ZodType | MediaAnswer>>>;
  /** Failures this route has beyond the ones every route of its kind has (bad input, auth, missing company). */
  readonly errors?: readonly ErrorStatus[];
  /** A multipart upload's form (JSON bodies are documented by their validator). */
  readonly form?: $ZodType;
}

const SUCCESS_MEANINGS: Record<number, string> = {
  200: '成功',
  201: '已创建',
  202: '已开始（异步任务）',
  206: '部分内容（Range 请求）',
  304: '未修改（ETag 相同）',
};

function isMediaAnswer(answer: $ZodType | MediaAnswer): answer is MediaAnswer {
  return 'media' in answer;
}

/** Marks a route for the document: its group, summary, answers and extra failures. */
export function documented(doc: RouteDoc): MiddlewareHandler {
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(doc.answers)) {
    const description = SUCCESS_MEANINGS[Number(status)] ?? ERROR_MEANINGS[Number(status) as ErrorStatus];
    responses[status] = isMediaAnswer(answer)
      ? { description: answer.description, content: { [answer.media]: {} } }
      : { description, content: { 'application/json': { schema: resolver(answer) } } };
  }
  return describeRoute({
    tags: [API_TAGS[doc.tag]],
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    ...(doc.form
      ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: resolver(doc.form) } } } }
      : {}),
    responses,
    ...(doc.errors ? { 'x-errors': doc.errors } : {}),
  } as Parameters<typeof describeRoute>[0]);
}

const ACCESS_TEXT: Record<Access, string> = {
  public: '公开',
  'signed-in': '需要登录',
  admin: '需要管理员',
};

/** The document as generateSpecs makes it. */
export type ApiDocument = Awaited<ReturnType<typeof generateSpecs>>;

/** What the server reads and adds on one operation of the document. */
export interface DocumentedOperation {
  tags?: readonly string[];
  summary?: string;
  parameters?: readonly object[];
  requestBody?: { readonly $ref?: string; readonly content?: Readonly<Record<string, unknown>> };
  responses?: Record<string, { readonly $ref?: string; readonly description?: string; readonly content?: object }>;
  security?: Record<string, string[]>[];
  description?: string;
  'x-errors'?: readonly ErrorStatus[];
  'x-access'?: Access;
}

/** Every operation of the document, in its order, with its method (upper case) and path. */
export function operationsOf(
  document: Pick<ApiDocument, 'paths'>,
): { method: string; path: string; operation: DocumentedOperation }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    (['get', 'post', 'put', 'delete', 'patch'] as const).flatMap((method) => {
      const operation: DocumentedOperation | undefined = item[method];
      return operation ? [{ method: method.toUpperCase(), path, operation }] : [];
    }),
  );
}

const ERROR_SCHEMA_REF = '#/components/schemas/ErrorAnswer';

/** The failures an operation can answer: its own, the access policy's, and those its request implies. */
function errorStatuses(path: string, operation: DocumentedOperation, access: Access): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(operation['x-errors'] ?? []);
  const hasJsonBody = operation.requestBody?.content?.['application/json'] !== undefined;
  if (hasJsonBody || (operation.parameters ?? []).some((parameter) => 'in' in parameter && parameter.in === 'query')) {
    statuses.add(400);
  }
  if (hasJsonBody) {
    statuses.add(413);
    statuses.add(415);
  }
  if (path.includes('{')) statuses.add(404);
  if (access !== 'public') statuses.add(401);
  if (access === 'admin') statuses.add(403);
  return [...statuses].sort((a, b) => a - b);
}

/** Adds who may call each operation (security requirement and `x-access`) and its error answers. */
function withAccessAndErrors(document: Pick<ApiDocument, 'paths'>): void {
  for (const { method, path, operation } of operationsOf(document)) {
    const access = accessFor(method, path);
    operation['x-access'] = access;
    operation.security = access === 'public' ? [] : [{ bearerAuth: [] }];
    operation.description = [`权限：${ACCESS_TEXT[access]}。`, operation.description].filter(Boolean).join('\n\n');
    const responses = operation.responses ?? {};
    operation.responses = responses;
    for (const status of errorStatuses(path, operation, access)) {
      responses[status] ??= {
        description: ERROR_MEANINGS[status],
        content: { 'application/json': { schema: { $ref: ERROR_SCHEMA_REF } } },
      };
    }
    delete operation['x-errors'];
  }
}

/** A schema as the document's components hold it (without the `$schema` of a standalone one). */
function jsonSchemaOf(schema: $ZodType): Record<string, unknown> {
  const { $schema: _standalone, ...json } = toJSONSchema(schema);
  return json;
}

const documents = new WeakMap<object, Promise<ApiDocument>>();

/** The document of every documented route of `app`, built once per app. */
export function openApiDocument<E extends Env, S extends Schema, P extends string>(
  app: Hono<E, S, P>,
  version: string,
): Promise<ApiDocument> {
  let document = documents.get(app);
  if (!document) {
    document = generateSpecs(app, {
      documentation: {
        info: {
          title: '自由现金流估值平台 API',
          version,
          description:
            '金额单位为亿元，比率为小数（0.05 = 5%），股数为亿股，每股价值为元。成功的回答为 {success, data, message}；' +
            '失败为 HTTP 状态码加 {success: false, message, detail}。约定见仓库 docs/api.md。',
        },
        tags: Object.values(API_TAGS).map((name) => ({ name })),
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', description: 'POST /api/login 返回的 access_token' },
          },
          schemas: { ErrorAnswer: jsonSchemaOf(errorAnswer) },
        },
      },
      defaultValidationErrorResponse: false,
      // openapi.json itself is a route, not a file.
      excludeStaticFile: false,
    }).then((spec) => {
      withAccessAndErrors(spec);
      return spec;
    });
    documents.set(app, document);
  }
  return document;
}
