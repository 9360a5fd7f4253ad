// The Hugo side of the comparison: a tiny Hugo site (config, one list and one single template) with
// the same products as Hugo content (drafts as `draft`, scheduled as a future `publishDate`).
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CatalogEntry } from '../../src/catalog/schema.ts';

export const HUGO = '/usr/bin/hugo';

export function hugoAvailable(): boolean {
  return existsSync(HUGO);
}

const CONFIG = `baseURL = "http://localhost/"
title = "Little Hands Catalog (Hugo baseline)"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
uglyURLs = true
`;

const BASEOF = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><main>{{ block "main" . }}{{ end }}</main></body></html>
`;

const SINGLE = `{{ define "main" }}<article><h1>{{ .Title }}</h1><p>{{ .Params.brand }}</p>
{{ with .Params.ageRange }}<p>Ages {{ . }}</p>{{ end }}
{{ with .Params.price }}<p>{{ . }} {{ $.Params.currency }}</p>{{ end }}
<ul>{{ range .Params.categories }}<li>{{ . }}</li>{{ end }}</ul>
{{ .Content }}{{ with .Params.whyWePicked }}<blockquote>{{ . }}</blockquote>{{ end }}
<a href="{{ .Params.url }}">Visit</a></article>{{ end }}
`;

const LIST = `{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}
`;

const yamlString = (s: string) => JSON.stringify(s);

/** Writes the Hugo site for `entries` into `siteDir` (replacing what was there). */
export async function writeHugoSite(siteDir: string, entries: readonly CatalogEntry[]): Promise<void> {
  await rm(siteDir, { recursive: true, force: true });
  const content = path.join(siteDir, 'content/products');
  await mkdir(content, { recursive: true });
  await mkdir(path.join(siteDir, 'layouts/_default'), { recursive: true });
  await writeFile(path.join(siteDir, 'config.toml'), CONFIG);
  await writeFile(path.join(siteDir, 'layouts/_default/baseof.html'), BASEOF);
  await writeFile(path.join(siteDir, 'layouts/_default/single.html'), SINGLE);
  await writeFile(path.join(siteDir, 'layouts/_default/list.html'), LIST);
  await writeFile(path.join(siteDir, 'content/_index.md'), '---\ntitle: Catalog\n---\n');
  const batch: Promise<void>[] = [];
  for (const e of entries) {
    const d = e.data;
    // JSON is valid YAML: the front matter is the product's own fields plus Hugo's title/draft/publishDate.
    const front = {
      ...d,
      title: d.name,
      draft: !d.published,
      ...(d.publishAt ? { publishDate: d.publishAt.toISOString() } : {}),
    };
    delete (front as { publishAt?: unknown }).publishAt;
    const lines = Object.entries(front).map(([k, v]) => `${k}: ${typeof v === 'string' ? yamlString(v) : JSON.stringify(v)}`);
    batch.push(writeFile(path.join(content, `${d.slug}.md`), `---\n${lines.join('\n')}\n---\n${e.description ?? ''}\n`));
    if (batch.length >= 500) await Promise.all(batch.splice(0));
  }
  await Promise.all(batch);
}

/** The `hugo` command line for a cold build into `publicDir` (caller clears caches). */
export function hugoCommand(siteDir: string, publicDir: string, cacheDir: string): string {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  return `${HUGO} --quiet --source ${q(siteDir)} --destination ${q(publicDir)} --cacheDir ${q(cacheDir)}`;
}
