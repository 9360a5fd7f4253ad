// `npm run setup:github-app -- --repository owner/name [--org <org>] [--name <App name>] [--site-url <url>]`:
// makes the site's GitHub App from a manifest and prints the variables the site needs, ready to paste.
import { parseArgs } from 'node:util';
import { envLines, setupGithubApp } from './lib/github-app-setup.ts';

const { values } = parseArgs({
  options: {
    repository: { type: 'string' },
    org: { type: 'string' },
    name: { type: 'string' },
    'site-url': { type: 'string' },
    port: { type: 'string', default: '0' },
    'github-url': { type: 'string', default: 'https://github.com' },
    'api-url': { type: 'string', default: 'https://api.github.com' },
  },
});
if (!values.repository) {
  console.error(
    'Name the repository: npm run setup:github-app -- --repository owner/name [--org <organisation>] [--site-url https://…]',
  );
  process.exit(2);
}
const repo = values.repository.split('/')[1] ?? 'catalog';
const credentials = await setupGithubApp({
  repository: values.repository,
  org: values.org,
  name: values.name ?? `${repo} catalog editor`,
  siteUrl: values['site-url'] ?? 'https://example.org',
  githubUrl: values['github-url'],
  apiUrl: values['api-url'],
  port: Number(values.port),
  onListening: (url) => console.log(`Open ${url}/ in your browser (this computer's), and follow the two buttons.`),
  report: (line) => console.log(line),
});
console.log(
  [
    '',
    `The App: ${credentials.htmlUrl}`,
    'Set these in Netlify (Site configuration → Environment variables; the key as a secret), or save them',
    'in a file and check it first with `npm run check:deploy -- --env-file <file>`:',
    '',
    envLines(credentials),
    '',
  ].join('\n'),
);
