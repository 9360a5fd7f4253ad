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

// Hugo lower-cases parameter keys, and `url`/`slug` are its own front matter keys: the product's
// fields therefore sit under `product`.
const SINGLE = `{{ define "main" }}{{ $p := .Params.product }}<article><h1>{{ .Title }}</h1><p>{{ $p.brand }}</p>
{{ with $p.agerange }}<p>Ages {{ . }}</p>{{ end }}
{{ with $p.price }}<p>{{ . }} {{ $p.currency }}</p>{{ end }}
<ul>{{ range $p.categories }}<li><a href="/categories/{{ . }}">{{ . }}</a></li>{{ end }}</ul>
{{ .Content }}{{ with $p.whywepicked }}<blockquote>{{ . }}</blockquote>{{ end }}
<a href="{{ $p.url }}">Visit</a></article>{{ end }}
`;

const LIST = `{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}
`;

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
    // JSON is valid YAML: Hugo's title/draft/publishDate/slug, then the product's own fields.
    const { publishAt, published, ...product } = d;
    const front = {
      title: d.name,
      slug: d.slug,
      draft: !published,
      ...(publishAt ? { publishDate: publishAt.toISOString() } : {}),
      product,
    };
    const lines = Object.entries(front).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
    batch.push(
      writeFile(path.join(content, `${d.slug}.md`), `---\n${lines.join('\n')}\n---\n${e.description ?? ''}\n`),
    );
    if (batch.length >= 500) await Promise.all(batch.splice(0));
  }
  await Promise.all(batch);
}

/** The `hugo` command line for a cold build into `publicDir` (caller clears caches). */
export function hugoCommand(siteDir: string, publicDir: string, cacheDir: string): string {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  return `${HUGO} --quiet --source ${q(siteDir)} --destination ${q(publicDir)} --cacheDir ${q(cacheDir)}`;
}
