// Decap's check of its configuration, compiled when Decap's script is bundled instead of on every
// start of the editor: Decap's own schema (decap-cms-core's constants/configSchema.js, run with an
// AJV that keeps what it is given) compiled to Ajv's standalone code, put in place of the AJV call
// of Decap's validateConfig; its messages, its sortable-field rule and its ConfigError stay Decap's.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { _, Ajv, Name, type Code, type KeywordCxt, type KeywordDefinition } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';

/** Decap's file that builds its configuration schema and checks a configuration against it. */
export const CONFIG_SCHEMA_FILE = 'node_modules/decap-cms-core/dist/esm/constants/configSchema.js';

/**
 * The widgets Decap's script registers (src/editor/decap-app.ts) and the one its core registers
 * (`unknown`), as Decap's `getWidgets()` gives them to the schema (a field's options are checked by
 * its widget's schema); `schema` is a module of the widget's package. Widgets the editor's code
 * registers with no schema add no check.
 */
export const DECAP_WIDGETS: { name: string; schema?: string }[] = [
  { name: 'unknown' },
  { name: 'string' },
  { name: 'text' },
  { name: 'select', schema: 'decap-cms-widget-select/dist/esm/schema.js' },
  { name: 'boolean' },
  { name: 'number', schema: 'decap-cms-widget-number/dist/esm/schema.js' },
  { name: 'datetime', schema: 'decap-cms-widget-datetime/dist/esm/schema.js' },
  { name: 'list', schema: 'decap-cms-widget-list/dist/esm/schema.js' },
  { name: 'object', schema: 'decap-cms-widget-object/dist/esm/schema.js' },
];

/**
 * The lines of Decap's validateConfig this replaces, exactly as Decap ships them: the bundle fails
 * when a release of Decap changes them (then read the new file and change this one to match).
 */
const DECAP_IMPORTS = [
  "import AJV from 'ajv';",
  "import { select, uniqueItemProperties, instanceof as instanceOf, prohibited } from 'ajv-keywords/dist/keywords';",
  "import ajvErrors from 'ajv-errors';",
];
const DECAP_VALIDATION = `  const ajv = new AJV({
    allErrors: true,
    $data: true,
    strict: false
  });
  uniqueItemProperties(ajv);
  select(ajv);
  instanceOf(ajv);
  prohibited(ajv);
  ajvErrors(ajv);
  const valid = ajv.validate(getConfigSchema(), config);`;
const PRECOMPILED = `  assertDecapWidgets(getWidgets());
  const valid = validatePrecompiled(config);
  const ajv = { errors: validatePrecompiled.errors };`;

const require = createRequire(import.meta.url);

/** The global constructors `instanceof` may name (ajv-keywords' list). */
const CONSTRUCTORS = ['Object', 'Array', 'Function', 'Number', 'String', 'Date', 'RegExp', 'Promise'];
const SCALAR = ['number', 'integer', 'string', 'boolean', 'null'];

/**
 * ajv-keywords' `instanceof` as code (its own compiles a closure, which standalone code cannot
 * hold): the value is an instance of the named global constructor, or of one of those named.
 */
export const instanceofKeyword: KeywordDefinition = {
  keyword: 'instanceof',
  schemaType: ['string', 'array'],
  code(cxt: KeywordCxt) {
    const names = ([] as string[]).concat(cxt.schema as string | string[]);
    const unknown = names.find((n) => !CONSTRUCTORS.includes(n));
    if (unknown !== undefined) throw new Error(`instanceof: "${unknown}" is not a global constructor this check knows`);
    const test = names.map((n): Code => _`${cxt.data} instanceof ${new Name(n)}`).reduce((a, b) => _`${a} || ${b}`);
    cxt.pass(test);
  },
};

/**
 * ajv-keywords' `uniqueItemProperties` as code, for keys whose items' schema types them as
 * scalars (Decap's `name`s): no two object items of the array have the same value at one key.
 */
export const uniqueItemPropertiesKeyword: KeywordDefinition = {
  keyword: 'uniqueItemProperties',
  type: 'array',
  schemaType: 'array',
  code(cxt: KeywordCxt) {
    const { gen, data } = cxt;
    const keys = cxt.schema as string[];
    const parent = cxt.parentSchema as { items?: { properties?: Record<string, { type?: unknown }> } };
    for (const key of keys) {
      const type = parent.items?.properties?.[key]?.type;
      const scalar = Array.isArray(type)
        ? !type.includes('object') && !type.includes('array')
        : SCALAR.includes(String(type));
      if (!scalar) throw new Error(`uniqueItemProperties: "${key}" is not typed as a scalar; only scalars are checked`);
    }
    const valid = gen.let('valid', true);
    for (const key of keys) {
      const seen = gen.const('seen', _`{}`);
      gen.forOf('x', data, (x) =>
        gen.if(_`${x} && typeof ${x} == "object"`, () => {
          const p = gen.let('p', _`${x}[${key}]`);
          gen.if(_`!(${p} && typeof ${p} == "object")`, () => {
            gen.if(_`typeof ${p} == "string"`, () => gen.assign(p, _`'"' + ${p}`));
            gen.if(_`${seen}[${p}]`, () => gen.assign(valid, false));
            gen.assign(_`${seen}[${p}]`, true);
          });
        }),
      );
    }
    cxt.pass(valid);
  },
};

/** An Ajv as Decap's validateConfig makes it, its two compiling keywords as code. */
export function decapAjv(opts: ConstructorParameters<typeof Ajv>[0] = {}): Ajv {
  const ajv = new Ajv({ allErrors: true, $data: true, strict: false, ...opts });
  const keywords = require('ajv-keywords/dist/keywords') as Record<'select' | 'prohibited', (a: Ajv) => Ajv>;
  keywords.select(ajv);
  keywords.prohibited(ajv);
  ajv.addKeyword(uniqueItemPropertiesKeyword);
  ajv.addKeyword(instanceofKeyword);
  (require('ajv-errors') as { default: (a: Ajv) => Ajv }).default(ajv);
  return ajv;
}

/** Decap's file with an AJV, ajv-keywords and ajv-errors that only keep the schema Decap checks with. */
const capturing = (registry: string, i18n: string) => ({
  name: 'decap-config-schema',
  setup(b: import('esbuild').PluginBuild) {
    const stub = (filter: RegExp, contents: string) => {
      b.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'decap-config-stub', pluginData: contents }));
    };
    stub(
      /^ajv$/,
      'export default class { validate(schema) { globalThis.__decapConfigSchema = schema; return true; } }',
    );
    stub(
      /^ajv-keywords\/dist\/keywords$/,
      'const no = () => {}; export { no as select, no as uniqueItemProperties, no as instanceof, no as prohibited };',
    );
    stub(/^ajv-errors$/, 'export default () => {};');
    stub(/^\.\.\/lib\/registry$/, registry);
    stub(/^\.\.\/lib\/i18n$/, i18n);
    b.onLoad({ filter: /.*/, namespace: 'decap-config-stub' }, (args) => ({
      contents: args.pluginData as string,
      resolveDir: process.cwd(),
    }));
  },
});

/**
 * The two lists of Decap's i18n module the schema names (its structures and field modes), taken
 * from Decap's file: the module itself loads the editor's reducers, which need a browser.
 */
function decapI18nEnums(root: string): string {
  const file = 'node_modules/decap-cms-core/dist/esm/lib/i18n.js';
  const text = readFileSync(path.join(root, file), 'utf8');
  const enums = ['I18N_STRUCTURE', 'I18N_FIELD'].map((name) => {
    const found = new RegExp(`export let ${name} = [^]*?\\n\\}\\(\\{\\}\\);`).exec(text);
    if (!found) throw new Error(`${file}: ${name} is not where src/build/decap-config-check.ts reads it`);
    return found[0];
  });
  return enums.join('\n');
}

/**
 * Decap's configuration schema, as its validateConfig builds it with the widgets of DECAP_WIDGETS:
 * Decap's own file bundled for Node with an AJV that keeps the schema it is asked to check with.
 */
export async function decapConfigSchema(root: string): Promise<{ schema: object; widgets: string }> {
  const { build } = await import('esbuild');
  const registry =
    DECAP_WIDGETS.map((w, i) => (w.schema ? `import w${i} from '${w.schema}';\n` : '')).join('') +
    `export function getWidgets() { return (globalThis.__decapWidgets = [${DECAP_WIDGETS.map(
      (w, i) => `{ name: '${w.name}', schema: ${w.schema ? `w${i}` : '{}'} }`,
    ).join(', ')}]); }\n` +
    // formats.js asks the registry for custom formats: the schema names only Decap's own.
    'export const getCustomFormatsExtensions = () => ({}), getCustomFormatsFormatters = () => ({});\n';
  const result = await build({
    entryPoints: [path.join(root, CONFIG_SCHEMA_FILE)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'silent',
    plugins: [capturing(registry, decapI18nEnums(root))],
  });
  // Run as a module of its own (a CommonJS function over the bundled text), never written to disk.
  const decap: { validateConfig?(config: unknown): void } = {};
  const module = { exports: decap };
  new Function('module', 'exports', 'require', result.outputFiles[0]!.text)(module, decap, require);
  const g = globalThis as { __decapConfigSchema?: object; __decapWidgets?: Widget[] };
  (module.exports as typeof decap).validateConfig!({});
  const { __decapConfigSchema: schema, __decapWidgets: widgets } = g;
  delete g.__decapConfigSchema;
  delete g.__decapWidgets;
  if (!schema || !widgets) throw new Error(`${CONFIG_SCHEMA_FILE}: its validateConfig did not hand AJV a schema`);
  return { schema, widgets: widgetSchemas(widgets) };
}

interface Widget {
  name: string;
  schema?: object;
}

/**
 * The widgets' schemas that check fields, in one string (as JavaScript: the editor runs the same
 * function at start, in Decap's script, and compares the two strings).
 */
const WIDGET_SCHEMAS_JS = `(widgets) =>
  JSON.stringify(
    widgets
      .filter((w) => w.schema && Object.keys(w.schema).length)
      .map((w) => [w.name, w.schema])
      .sort((a, b) => (a[0] < b[0] ? -1 : 1)),
  )`;
export const widgetSchemas = new Function(`return ${WIDGET_SCHEMAS_JS}`)() as (widgets: Widget[]) => string;

/** Ajv's standalone code (ESM) of Decap's configuration schema, and the schema it was made from. */
export async function decapConfigValidator(root: string): Promise<{ code: string; schema: object; widgets: string }> {
  const { schema, widgets } = await decapConfigSchema(root);
  const ajv = decapAjv({ code: { source: true, esm: true, lines: false }, inlineRefs: false });
  const validate = ajv.compile(schema);
  return { code: standaloneCode(ajv, validate), schema, widgets };
}

/**
 * Decap's configSchema.js (`source`) with its AJV replaced by the precompiled check (imported from
 * `decap-config-precompiled`) and the widgets' guard (`widgets`: widgetSchemas() at compile time);
 * an error when the lines it replaces are not there exactly as Decap shipped them.
 */
export function withPrecompiledCheck(source: string, widgets: string): string {
  for (const line of [...DECAP_IMPORTS, DECAP_VALIDATION]) {
    if (!source.includes(line))
      throw new Error(
        `${CONFIG_SCHEMA_FILE} is not the file src/build/decap-config-check.ts was written for ` +
          `(it lacks:\n${line}\n): read Decap's new validateConfig and update the check to match.`,
      );
    source = source.replace(line, line === DECAP_VALIDATION ? PRECOMPILED : '');
  }
  return (
    source +
    `\nimport validatePrecompiled from 'decap-config-precompiled';\n` +
    `const widgetSchemas = ${WIDGET_SCHEMAS_JS};\n` +
    `function assertDecapWidgets(widgets) {\n` +
    `  if (widgetSchemas(widgets) !== ${JSON.stringify(widgets)})\n` +
    `    throw new Error('The widgets registered check fields with schemas the precompiled configuration ' +\n` +
    `      'check was not made with (src/build/decap-config-check.ts: DECAP_WIDGETS).');\n` +
    `}\n`
  );
}

/**
 * esbuild's plugin that gives Decap's script the precompiled check: Decap's configSchema.js with
 * the lines above replaced (an error when they are not there as Decap ships them), the standalone
 * code beside it, and a guard that the widgets registered at start are those it was compiled with.
 */
export async function precompiledDecapConfig(root: string) {
  const { code, widgets } = await decapConfigValidator(root);
  const file = path.join(root, CONFIG_SCHEMA_FILE);
  const source = withPrecompiledCheck(readFileSync(file, 'utf8'), widgets);
  return {
    name: 'decap-config-precompiled',
    setup(b: import('esbuild').PluginBuild) {
      b.onLoad({ filter: /decap-cms-core[\\/]dist[\\/]esm[\\/]constants[\\/]configSchema\.js$/ }, () => ({
        contents: source,
        loader: 'js',
        resolveDir: path.dirname(file),
      }));
      b.onResolve({ filter: /^decap-config-precompiled$/ }, () => ({
        path: 'decap-config-precompiled',
        namespace: 'decap-config-precompiled',
      }));
      b.onLoad({ filter: /.*/, namespace: 'decap-config-precompiled' }, () => ({
        contents: code,
        loader: 'js',
        resolveDir: path.join(root, 'node_modules/decap-cms-core'),
      }));
    },
  };
}
