// GitHub's own OpenAPI description (@octokit/openapi) as a judge of answers: finds the operation a
// request names (method and path, the most specific template first) and checks the answer's
// status and body against what the description documents for that status (ajv). An error status
// the operation does not document is checked against GitHub's basic-error and reported as such.
// It also judges requests (path and query parameters, the JSON body) and gives the description's
// own example of a documented answer: a mock of GitHub made of its contract (github-mock.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SPEC = path.join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json');

interface Content {
  schema: unknown;
  example?: unknown;
  examples?: Record<string, { value?: unknown; $ref?: string }>;
}
interface Parameter {
  $ref?: string;
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: unknown;
}
interface Operation {
  operationId: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, Content> };
  responses: Record<string, { $ref?: string; content?: Record<string, Content> }>;
}
interface Spec {
  paths: Record<string, Record<string, Operation>>;
  components: {
    responses: Record<string, { content?: Record<string, Content> }>;
    parameters: Record<string, Parameter>;
    examples: Record<string, { value?: unknown }>;
  };
}

/** What is wrong with a request under the description, in Prism's words (`location`, `message`). */
export interface Violation {
  location: string[];
  message: string;
}

export interface Judged {
  operation: string;
  template: string;
  /** What is wrong with the answer under the description ([] when nothing). */
  problems: string[];
  /** The status is not documented for the operation (its body was judged as basic-error). */
  undocumented: boolean;
}

/**
 * OpenAPI 3.0's `nullable` in JSON Schema's words (ajv takes `nullable` only beside `type`, and
 * GitHub's description also puts it beside `allOf` and `$ref`).
 */
function nullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullables);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = nullables(v);
  if (out.nullable !== true) return out;
  delete out.nullable;
  if (typeof out.type === 'string' && !out.enum) return { ...out, type: [out.type, 'null'] };
  return { anyOf: [out, { type: 'null' }] };
}

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

export function githubOpenapi() {
  const spec = JSON.parse(readFileSync(SPEC, 'utf8')) as Spec;
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  // GitHub's own format: a repository's `owner/name`.
  const NWO = /^[^/]+\/[^/]+$/;
  ajv.addFormat('repo.nwo', NWO);
  ajv.addSchema({ ...(nullables({ paths: spec.paths, components: spec.components }) as object), $id: 'gh' });
  const compiled = new Map<string, ValidateFunction>();
  const schema = (ref: string) => {
    let v = compiled.get(ref);
    if (!v) compiled.set(ref, (v = ajv.compile({ $ref: `gh#/${ref}` })));
    return v;
  };

  const templates = Object.keys(spec.paths)
    .map((t) => {
      const parts = t.split('/');
      const re = parts
        .map((p, i) =>
          p.startsWith('{') ? (i === parts.length - 1 ? '(.+)' : '([^/]+)') : p.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
        )
        .join('/');
      return { t, re: new RegExp(`^${re}$`), literal: parts.filter((p) => p && !p.startsWith('{')).length };
    })
    .sort((a, b) => b.literal - a.literal || a.t.length - b.t.length);

  /** The operation of `method` and `pathname` (as sent, before its query). */
  function operation(method: string, pathname: string) {
    const m = method.toLowerCase();
    const found = templates.find((x) => x.re.test(pathname) && spec.paths[x.t]![m]);
    if (!found) throw new Error(`GitHub's description has no operation ${method} ${pathname}`);
    return { template: found.t, op: spec.paths[found.t]![m]! };
  }

  /** Judges one answer. */
  function judge(method: string, pathname: string, status: number, body: unknown, type: string, accept = ''): Judged {
    const { template, op } = operation(method, pathname);
    const problems: string[] = [];
    // The raw media types (`application/vnd.github.raw`, …) are documented in the operation's
    // prose, not its schemas: the answer must be that type, its body the bytes.
    if (/^application\/vnd\.github(?:\.v3)?\.raw/.test(accept) && status === 200) {
      if (!/^application\/vnd\.github(?:\.v3)?\.raw/.test(type)) problems.push(`asked for ${accept}, answered ${type}`);
      if (!op.description?.includes('application/vnd.github.raw'))
        problems.push(`${op.operationId} does not document the raw media type`);
      return { operation: op.operationId, template, problems, undocumented: false };
    }
    let response = op.responses[String(status)];
    let where = pointer('paths', template, method.toLowerCase(), 'responses', String(status));
    let undocumented = false;
    if (response?.$ref) {
      const name = response.$ref.split('/').pop()!;
      where = pointer('components', 'responses', name);
      response = spec.components.responses[name];
    }
    const basicError = schema(pointer('components', 'schemas', 'basic-error'));
    if (!response) {
      undocumented = true;
      if (status < 400) problems.push(`status ${status} is not documented for ${op.operationId}`);
      else if (!basicError(body))
        problems.push(`the ${status} body is not a basic-error: ${ajv.errorsText(basicError.errors)}`);
    } else if (!response.content) {
      // GitHub documents some refusals without a body but sends its basic-error (Decap reads its
      // message, e.g. "Reference does not exist"); a success documented without one has none.
      if (status >= 400 && body !== undefined) {
        if (!basicError(body))
          problems.push(`the ${status} body is not a basic-error: ${ajv.errorsText(basicError.errors)}`);
      } else if (body !== undefined && body !== '')
        problems.push(`status ${status} of ${op.operationId} has no body, but one was sent`);
    } else if (response.content['application/json']) {
      if (!/json/.test(type)) problems.push(`content-type ${type} is not JSON`);
      const at = `${where}/content/${pointer('application/json')}/schema`;
      const alternatives = (response.content['application/json'].schema as { oneOf?: unknown[] }).oneOf;
      // An error documented as oneOf(validation-error, repository-rule-violation-error) cannot be
      // met exactly once (the second requires nothing): for errors, one alternative suffices.
      const checks =
        status >= 400 && alternatives ? alternatives.map((_, i) => schema(`${at}/oneOf/${i}`)) : [schema(at)];
      if (!checks.some((v) => v(body)))
        problems.push(
          ...(checks[0]!.errors ?? [])
            .slice(0, 12)
            .map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`),
        );
    }
    return { operation: op.operationId, template, problems, undocumented };
  }

  /** Judges one request: its path and query parameters and its JSON body (`undefined`: none). */
  function checkRequest(method: string, pathname: string, search: string, body: unknown): Violation[] {
    let found;
    try {
      found = operation(method, pathname);
    } catch (err) {
      return [{ location: ['request'], message: (err as Error).message }];
    }
    const { template, op } = found;
    const out: Violation[] = [];
    const names = template.split('/');
    const values = pathname.split('/');
    const query = new URLSearchParams(search);
    const m = method.toLowerCase();
    (op.parameters ?? []).forEach((raw, i) => {
      const p = raw.$ref ? spec.components.parameters[raw.$ref.split('/').pop()!]! : raw;
      if (p.in !== 'path' && p.in !== 'query') return;
      let value: string | null;
      if (p.in === 'path') {
        const at = names.indexOf(`{${p.name}}`);
        value = at < 0 ? null : decodeURIComponent(at === names.length - 1 ? values.slice(at).join('/') : values[at]!);
      } else value = query.get(p.name);
      if (value === null) {
        if (p.required)
          out.push({ location: ['request', p.in, p.name], message: `must have ${p.in} parameter ${p.name}` });
        return;
      }
      if (!p.schema) return;
      const at = raw.$ref
        ? pointer('components', 'parameters', raw.$ref.split('/').pop()!, 'schema')
        : pointer('paths', template, m, 'parameters', String(i), 'schema');
      const check = coercing(at);
      const holder = { v: value };
      if (!check(holder))
        out.push({ location: ['request', p.in, p.name], message: `${p.name} ${ajv.errorsText(check.errors)}` });
    });
    const json = op.requestBody?.content?.['application/json'];
    if (body === undefined) {
      if (op.requestBody?.required) out.push({ location: ['request', 'body'], message: 'must have a body' });
    } else if (json) {
      const check = schema(pointer('paths', template, m, 'requestBody', 'content', 'application/json', 'schema'));
      if (!check(body))
        out.push(
          ...(check.errors ?? []).map((e) => ({
            location: ['request', 'body', ...e.instancePath.split('/').filter(Boolean)],
            message: `${e.instancePath || 'body'} ${e.message}`,
          })),
        );
    }
    return out;
  }

  const coercingAjv = new Ajv({ strict: false, allErrors: true, coerceTypes: 'array' });
  (addFormats as unknown as (a: Ajv) => void)(coercingAjv);
  coercingAjv.addFormat('repo.nwo', NWO);
  coercingAjv.addSchema({ ...(nullables({ paths: spec.paths, components: spec.components }) as object), $id: 'gh' });
  const coerced = new Map<string, ValidateFunction>();
  /** A parameter's schema, taking the request's text as its type (Prism's coercion). */
  function coercing(ref: string) {
    let v = coerced.get(ref);
    if (!v)
      coerced.set(
        ref,
        (v = coercingAjv.compile({ type: 'object', properties: { v: { $ref: `gh#/${ref}` } }, required: ['v'] })),
      );
    return v;
  }

  /**
   * The description's answer of `status` (the lowest documented success when not given): its
   * first example, `{}` when it documents a JSON body without one, nothing when it has no body.
   */
  function example(method: string, pathname: string, status?: number): { status: number; body?: unknown } {
    const { op } = operation(method, pathname);
    const code =
      status ??
      Number(
        Object.keys(op.responses)
          .filter((c) => /^2\d\d$/.test(c))
          .sort()[0] ?? 200,
      );
    let response = op.responses[String(code)];
    if (response?.$ref) response = spec.components.responses[response.$ref.split('/').pop()!];
    const json = response?.content?.['application/json'];
    if (!json) return { status: code };
    if (json.example !== undefined) return { status: code, body: json.example };
    const first = Object.values(json.examples ?? {})[0];
    if (first?.$ref) return { status: code, body: spec.components.examples[first.$ref.split('/').pop()!]?.value };
    return { status: code, body: first?.value ?? {} };
  }

  return { judge, operation, checkRequest, example };
}
