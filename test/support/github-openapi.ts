// GitHub's own OpenAPI description (@octokit/openapi) as a judge of answers: finds the operation a
// request names (method and path, the most specific template first) and checks the answer's
// status and body against what the description documents for that status (ajv). An error status
// the operation does not document is checked against GitHub's basic-error and reported as such.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SPEC = path.join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json');

interface Operation {
  operationId: string;
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
}
interface Spec {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
}

export interface Judged {
  operation: string;
  template: string;
  /** What is wrong with the answer under the description ([] when nothing). */
  problems: string[];
  /** The status is not documented for the operation (its body was judged as basic-error). */
  undocumented: boolean;
}

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

export function githubOpenapi() {
  const spec = JSON.parse(readFileSync(SPEC, 'utf8')) as Spec;
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  ajv.addSchema({ ...spec, $id: 'gh' } as object);
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
        .map((p, i) => (p.startsWith('{') ? (i === parts.length - 1 ? '(.+)' : '([^/]+)') : p.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
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
  function judge(method: string, pathname: string, status: number, body: unknown, type: string): Judged {
    const { template, op } = operation(method, pathname);
    const problems: string[] = [];
    let response = op.responses[String(status)];
    let where = pointer('paths', template, method.toLowerCase(), 'responses', String(status));
    let undocumented = false;
    if (response?.$ref) {
      const name = response.$ref.split('/').pop()!;
      where = pointer('components', 'responses', name);
      response = spec.components.responses[name];
    }
    if (!response) {
      undocumented = true;
      if (status < 400) problems.push(`status ${status} is not documented for ${op.operationId}`);
      else if (!schema(pointer('components', 'schemas', 'basic-error'))(body))
        problems.push(`the ${status} body is not a basic-error: ${ajv.errorsText(schema(pointer('components', 'schemas', 'basic-error')).errors)}`);
    } else if (!response.content) {
      if (body !== undefined && body !== '') problems.push(`status ${status} of ${op.operationId} has no body, but one was sent`);
    } else if (response.content['application/json']) {
      if (!/json/.test(type)) problems.push(`content-type ${type} is not JSON`);
      const v = schema(`${where}/content/${pointer('application/json')}/schema`);
      if (!v(body))
        problems.push(
          ...(v.errors ?? []).slice(0, 12).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`),
        );
    }
    return { operation: op.operationId, template, problems, undocumented };
  }

  return { judge, operation };
}
