// The fair build anchor: a Hugo site that does the work our build does, written the way a Hugo user
// would write it, then Pagefind over its HTML (as a Hugo user adds search). The trivial anchor in
// hugo.ts (one template, 10,000 HTML files) flatters Hugo about fourfold; this one mirrors our
// outputs so that "ours ÷ Hugo" compares like with like:
//
//   ours (dist/)                               this Hugo site (public/)
//   products/<slug>.html + .md twin            page kind: HTML + `markdown` output format (uglyURLs)
//   api/products/<slug> (JSON, no extension)   page kind: `productjson` format, a media type whose
//                                              suffix is empty and `path = "api"`: the same path
//   /products, /staff-picks, categories,       a section, a section paginating a `where` filter,
//   ages, age × category, 48 a page, twins     the taxonomies `categories`, `ages` and `filters`
//                                              (terms "6-8/books", given /ages/6-8/books by
//                                              `permalinks`); each page and pager page in HTML and
//                                              Markdown (`paginatePath = ""` puts page 2 at
//                                              /products/2.html, as ours)
//   api/products.json, llms.txt,               home output formats; categories/<slug>.txt as an
//   llms-small.txt, llms-full.txt, llms/*.txt  output format of the category's term page
//   sitemap.xml, feed.xml                      Hugo's own sitemap and RSS (baseName "feed", 50)
//   layout: header, Open Graph, JSON-LD        baseof with a `partialCached` header and footer,
//                                              Open Graph/Twitter tags, a Product JSON-LD per page
//   pagefind/ (product records: name, brand,   `pagefind --site public` over the HTML: product
//   ages, categories, text, note; filters)     pages marked `data-pagefind-body`, the same meta
//                                              and category/age filters as data-pagefind-* attributes
//
// Not mirrored (ours does more): openapi.json, _headers, robots.txt, the PNG link previews, the
// admin catalog and the post-build proof. Hugo gets two small favours a Hugo user would also take:
// each product's age bands and suggested ages are computed here and written into its front matter
// (templates cannot parse "18 months–3 years"), and lists keep Hugo's default order (weight, date,
// title) instead of our slug order. Drafts are `draft: true`, scheduled products a future
// `publishDate`: Hugo leaves both out, as our build does.
//
// Tests: `npm test` checks what this module writes (config, a template for every output format,
// front matter, the expected-output list) without running Hugo, which CI does not install; the
// benchmark builds the site with the real Hugo and checks the output with `checkSameWorkOutput`.
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CATEGORIES, CATEGORY_SLUGS, SITE_NAME, SITE_TAGLINE } from '../../src/config/site.ts';
import { AGE_BANDS, ageBandsFor, parseAgeRange } from '../../src/catalog/ages.ts';
import { catalogView, publishedEntries } from '../../src/catalog/catalog.ts';
import { categoriesInBand, listLead, listPages, productLists } from '../../src/catalog/lists.ts';
import type { CatalogEntry } from '../../src/catalog/schema.ts';
import { HUGO } from './hugo.ts';

const BASE_URL = 'http://localhost:8888/';

const CONFIG = `baseURL = "${BASE_URL}"
languageCode = "en"
title = "${SITE_NAME}"
uglyURLs = true
paginate = 48
paginatePath = ""
disableAliases = true
rssLimit = 50
timeout = "600s"

[params]
  description = "${SITE_TAGLINE}"

[taxonomies]
  category = "categories"
  age = "ages"
  filter = "filters"

# The filter pages (age band × category) are their own taxonomy: "6-8/books" as a term of \`ages\`
# beside "6-8" makes Hugo 0.111 list every product of the nested term twice.
[permalinks]
  filters = "/ages/:slug/"

[mediaTypes."text/markdown"]
  suffixes = ["md"]
# The per-product JSON is served from an extension-less path, as ours: an empty suffix.
[mediaTypes."application/x-product"]
  suffixes = [""]

[outputFormats.markdown]
  mediaType = "text/markdown"
  isPlainText = true
  rel = "alternate"
[outputFormats.productjson]
  mediaType = "application/x-product"
  isPlainText = true
  notAlternative = true
  path = "api"
[outputFormats.productsjson]
  mediaType = "application/json"
  baseName = "products"
  isPlainText = true
  notAlternative = true
  path = "api"
[outputFormats.llms]
  mediaType = "text/plain"
  baseName = "llms"
  isPlainText = true
  notAlternative = true
[outputFormats.llmssmall]
  mediaType = "text/plain"
  baseName = "llms-small"
  isPlainText = true
  notAlternative = true
[outputFormats.llmsfull]
  mediaType = "text/plain"
  baseName = "llms-full"
  isPlainText = true
  notAlternative = true
# A category's whole text: categories/<slug>.txt with uglyURLs (ours: llms/<slug>.txt).
[outputFormats.llmsdump]
  mediaType = "text/plain"
  baseName = "llms"
  isPlainText = true
  notAlternative = true
[outputFormats.RSS]
  baseName = "feed"

[outputs]
  home = ["HTML", "markdown", "RSS", "productsjson", "llms", "llmssmall", "llmsfull"]
  page = ["HTML", "markdown", "productjson"]
  section = ["HTML", "markdown"]
  taxonomy = ["HTML", "markdown"]
  term = ["HTML", "markdown"]
`;

// A partial call costs Hugo 0.111 tens of microseconds even when cached: with the 48 cards of each
// list page as `partialCached` the build took 12.0–12.5 s of CPU at 5,000 products, 9.2 s with the
// cards inlined (same files). So the snippets repeated in loops are inlined, as a Hugo user tuning
// a 10,000-page build would; partials remain for the header and footer (`partialCached`), the
// pager, and a product's facts and record (each made once per product and reused by three outputs).
const PRICE =
  '{{ if ne .Params.price nil }}{{ lang.FormatCurrency 2 .Params.currency (div (float .Params.price) 100) }}{{ else }}Price not listed{{ end }}';
const CARD_HTML = `<li class="card"><a href="{{ .RelPermalink }}">{{ with .Params.imageurl }}<img class="pimg" src="{{ . }}" alt="" width="400" height="300" loading="lazy" decoding="async">{{ end }}<h2 class="card__title">{{ .Title }}</h2></a><p class="card__meta">by {{ .Params.brand }} · {{ .Params.agerange | default "ages not stated" }} · ${PRICE}</p>{{ if .Params.staffpick }}<span class="badge">Staff pick</span>{{ end }}</li>`;
const CARD_MD = `- [{{ .Title }}]({{ (.OutputFormats.Get "markdown").Permalink }}) by {{ .Params.brand }} · {{ .Params.agerange | default "ages not stated" }} · ${PRICE}`;
/** The products a list pages through: the section's or term's own, or the staff picks. */
const LIST_PAGES =
  '{{- $pages := .Pages }}{{ if eq .Section "staff-picks" }}{{ $pages = where site.RegularPages "Params.staffpick" true }}{{ end -}}';
/** The meta description: a product's name, brand, ages and the start of its text. */
const DESCRIPTION = `{{- $desc := .Description | default site.Params.description -}}
{{- if and .IsPage (isset .Params "brand") }}{{ $desc = printf "%s by %s%s. %s" .Title .Params.brand (cond (ne .Params.agerange nil) (printf ", for ages %s" .Params.agerange) "") (.Summary | plainify | truncate 200) }}{{ else if .IsPage }}{{ $desc = .Summary | plainify | truncate 200 }}{{ end -}}`;

/** Layout files by path under layouts/. Compact HTML: Astro strips the whitespace between tags too. */
export const LAYOUTS: Record<string, string> = {
  '_default/baseof.html': `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
{{- $title := cond .IsHome site.Title (printf "%s · %s" .Title site.Title) -}}
${DESCRIPTION}
<title>{{ $title }}</title><meta name="description" content="{{ $desc }}"><link rel="canonical" href="{{ .Permalink }}">
{{- with .AlternativeOutputFormats.Get "markdown" }}<link rel="alternate" type="text/markdown" href="{{ .RelPermalink }}" title="This page as Markdown">{{ end -}}
<link rel="alternate" type="application/json" href="/api/products.json" title="The whole catalog as JSON"><link rel="alternate" type="application/rss+xml" href="/feed.xml" title="Newest picks"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><meta name="theme-color" content="#2f6b5a">
{{- $image := cond (and .IsPage (isset .Params "imageurl")) (.Params.imageurl | default "/og-image.png") "/og-image.png" -}}
<meta property="og:site_name" content="{{ site.Title }}"><meta property="og:type" content="{{ if .IsPage }}product{{ else }}website{{ end }}"><meta property="og:title" content="{{ $title }}"><meta property="og:description" content="{{ $desc }}"><meta property="og:url" content="{{ .Permalink }}"><meta property="og:image" content="{{ $image | absURL }}"><meta property="og:image:alt" content="{{ .Title }}"><meta name="twitter:card" content="summary_large_image"><meta name="twitter:title" content="{{ $title }}"><meta name="twitter:description" content="{{ $desc }}"><meta name="twitter:image" content="{{ $image | absURL }}">
{{- block "jsonld" . }}{{ end -}}
<link rel="stylesheet" href="/style.css"></head><body><a class="skip-link" href="#main">Skip to content</a>{{ partialCached "header.html" . }}<main id="main" tabindex="-1"><div class="wrap">{{ block "main" . }}{{ end }}</div></main>{{ partialCached "footer.html" . }}</body></html>
`,
  'partials/header.html': `<header class="site-header"><div class="wrap site-header__inner"><a class="wordmark" href="/"><svg class="logo" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false"><rect x="3" y="17" width="12" height="12" rx="2.5" fill="#c8553d"></rect><rect x="17" y="17" width="12" height="12" rx="2.5" fill="#e9a23b"></rect><rect x="10" y="3" width="12" height="12" rx="2.5" fill="#2f6b5a"></rect></svg><span>{{ site.Title }}</span></a><nav aria-label="Main"><ul class="nav"><li><a href="/products">Products</a></li><li><a href="/categories">Categories</a></li><li><a href="/ages">Ages</a></li><li><a href="/staff-picks">Staff picks</a></li><li><a href="/search">Search</a></li><li><a href="/about">About</a></li></ul></nav></div></header>`,
  'partials/footer.html': `<footer class="site-footer"><div class="wrap"><nav aria-label="Categories"><ul>{{ range site.Taxonomies.categories.Alphabetical }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> ({{ .Count }})</li>{{ end }}</ul></nav><p>{{ site.Title }}: {{ site.Params.description }}. We sell nothing; product links go to makers and shops, some as affiliate links. Data licence CC BY 4.0. <a href="/llms.txt">llms.txt</a> · <a href="/api/products.json">JSON</a> · <a href="/feed.xml">Feed</a></p></div></footer>`,
  'partials/pager.html': `{{ if gt .TotalPages 1 }}<nav class="pager" aria-label="Pages">{{ with .Prev }}<a rel="prev" href="{{ .URL }}">Previous</a>{{ end }}<span>Page {{ .PageNumber }} of {{ .TotalPages }}</span>{{ with .Next }}<a rel="next" href="{{ .URL }}">Next</a>{{ end }}</nav>{{ end }}`,
  // The product's public record: products.json and api/products/<slug> share it (cached per page).
  'partials/product-record.html': `{{- $img := .Params.imageurl -}}{{- if $img }}{{ $img = absURL $img }}{{ end -}}
{{- $description := trim .RawContent " \\n" -}}
{{- return dict "slug" .Slug "name" .Title "brand" .Params.brand "description" (cond (eq $description "") nil $description) "ageRange" .Params.agerange "categories" .Params.categories "price" .Params.price "currency" .Params.currency "imageUrl" $img "url" .Params.shopurl "staffPick" .Params.staffpick "pickedBy" .Params.pickedby "whyWePicked" .Params.whywepicked -}}`,
  // A product in Markdown: its twin, llms-full.txt and the category dumps share it (cached per page).
  'partials/product-facts.md': `- Brand: {{ .Params.brand }}
- Ages: {{ .Params.agerange | default "not stated" }}
- Categories: {{ range $i, $t := .GetTerms "categories" }}{{ if $i }}, {{ end }}[{{ $t.Title }}]({{ ($t.OutputFormats.Get "markdown").Permalink }}){{ end }}
- Price: {{ if ne .Params.price nil }}${PRICE} {{ .Params.currency }} (indicative; the shop sets the real price){{ else }}not listed{{ end }}
- Buy from the maker or a shop (affiliate link): <{{ .Params.shopurl }}>
- Page: <{{ .Permalink }}> · JSON: <{{ (.OutputFormats.Get "productjson").Permalink }}>
{{ with trim .RawContent " \\n" }}
{{ . }}
{{ end }}{{ with .Params.whywepicked }}
**Why we picked it:** {{ . }}
{{ end }}`,
  '_default/single.html': `{{ define "jsonld" }}{{ $p := .Params }}
{{- $cats := slice }}{{ range .GetTerms "categories" }}{{ $cats = $cats | append .Title }}{{ end -}}
{{- $ld := dict "@context" "https://schema.org" "@type" "Product" "name" .Title "brand" (dict "@type" "Brand" "name" $p.brand) "url" .Permalink "category" $cats "description" (trim (.Plain | htmlUnescape) " \\n") -}}
{{- with $p.imageurl }}{{ $ld = merge $ld (dict "image" (absURL .)) }}{{ end -}}
{{- if ne $p.price nil }}{{ $ld = merge $ld (dict "offers" (dict "@type" "Offer" "url" $p.shopurl "price" (printf "%.2f" (div (float $p.price) 100)) "priceCurrency" $p.currency)) }}{{ end -}}
{{- with $p.whywepicked }}{{ $ld = merge $ld (dict "review" (dict "@type" "Review" "name" "Why we picked it" "reviewBody" . "author" (dict "@type" "Organization" "name" "Little Hands Catalog curators" "url" ("/about" | absURL)) "publisher" (dict "@type" "Organization" "name" site.Title "url" site.BaseURL) "license" "https://creativecommons.org/licenses/by/4.0/")) }}{{ end -}}
{{- with $p.audience }}{{ $a := dict "@type" "PeopleAudience" "suggestedMinAge" .suggestedminage }}{{ with .suggestedmaxage }}{{ $a = merge $a (dict "suggestedMaxAge" .) }}{{ end }}{{ $ld = merge $ld (dict "audience" $a) }}{{ end -}}
<script type="application/ld+json">{{ $ld | jsonify | safeJS }}</script>{{ end }}
{{ define "main" }}{{ $p := .Params }}{{ $cats := .GetTerms "categories" -}}
<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li>{{ with index $cats 0 }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}<li><span aria-current="page">{{ .Title }}</span></li></ol></nav>
<article class="product" data-pagefind-body>{{ with $p.imageurl }}<div class="product__media"><img class="pimg pimg--hero" src="{{ . }}" alt="{{ $.Title }} by {{ $p.brand }}" width="800" height="600" loading="eager" decoding="async"></div>{{ end }}<div class="product__main"><h1 class="product__title" data-pagefind-meta="title">{{ .Title }}</h1><p class="product__brand">by <span data-pagefind-meta="brand">{{ $p.brand }}</span></p>{{ range $p.ages }}<span data-pagefind-filter="age:{{ . }}"></span>{{ end }}<dl class="facts"><div><dt>Ages</dt><dd data-pagefind-meta="ages">{{ $p.agerange | default "Not stated" }}</dd></div><div><dt>Price</dt><dd><span data-pagefind-meta="price">${PRICE}</span>{{ if ne $p.price nil }}<span class="facts__note"> (indicative)</span>{{ end }}</dd></div><div><dt>Categories</dt><dd><ul class="tags">{{ range $cats }}<li><a href="{{ .RelPermalink }}" data-pagefind-filter="category">{{ .Title }}</a></li>{{ end }}</ul></dd></div></dl><div class="buy" data-pagefind-ignore><a class="button" href="{{ $p.shopurl }}" rel="sponsored noopener">See it at the shop<span class="visually-hidden"> (affiliate link)</span></a><p class="buy__note"><span class="badge badge--quiet">Affiliate link</span> We sell nothing here; if you buy through this link the shop may pay us a small commission. <a href="/about#affiliate-links">Our disclosure</a>.</p></div></div>
{{- with $p.whywepicked }}<section class="why" aria-labelledby="why-heading"><h2 id="why-heading">Why we picked it</h2><blockquote><p>{{ . }}</p></blockquote></section>{{ end -}}
{{- with .Content }}<section class="about-product" aria-labelledby="desc-heading"><h2 id="desc-heading">About this product</h2>{{ . }}</section>{{ end -}}
</article>{{ end }}
`,
  '_default/single.markdown.md': `> Markdown twin of <{{ .Permalink }}>. Agent index: <{{ "llms.txt" | absURL }}>

# {{ .Title }}

{{ partialCached "product-facts.md" . .RelPermalink }}`,
  '_default/single.productjson': `{{ partialCached "product-record.html" . .RelPermalink | jsonify }}`,
  '_default/list.html': `{{ define "main" }}${LIST_PAGES}{{ $pager := .Paginate $pages -}}
<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li>{{ with .Parent }}{{ if not .IsHome }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}{{ end }}<li><span aria-current="page">{{ .Title }}</span></li></ol></nav>
<h1>{{ .Title }}{{ if gt $pager.TotalPages 1 }}<span class="page-of">, page {{ $pager.PageNumber }} of {{ $pager.TotalPages }}</span>{{ end }}</h1>{{ with .Description }}<p class="lead">{{ . }}</p>{{ end }}<p class="count">{{ len $pages }} products. Page {{ $pager.PageNumber }} of {{ $pager.TotalPages }}: products {{ add (mul (sub $pager.PageNumber 1) 48) 1 }}–{{ add (mul (sub $pager.PageNumber 1) 48) (len $pager.Pages) }}.</p>
<ul class="grid">{{ range $pager.Pages }}${CARD_HTML}{{ end }}</ul>{{ partial "pager.html" $pager }}{{ end }}
`,
  '_default/list.markdown.md': `${LIST_PAGES}{{ $pager := .Paginate $pages -}}
> Markdown twin of <{{ .Permalink }}>. Agent index: <{{ "llms.txt" | absURL }}>

# {{ .Title }}{{ if gt $pager.TotalPages 1 }}, page {{ $pager.PageNumber }} of {{ $pager.TotalPages }}{{ end }}

{{ with .Description }}{{ . }}

{{ end }}{{ len $pages }} products. Page {{ $pager.PageNumber }} of {{ $pager.TotalPages }}.

{{ range $pager.Pages }}${CARD_MD}
{{ end }}{{ with $pager.Prev }}
Previous page: <{{ .URL | absURL }}>{{ end }}{{ with $pager.Next }}
Next page: <{{ .URL | absURL }}>{{ end }}
`,
  '_default/terms.html': `{{ define "main" }}<h1>{{ .Title }}</h1>{{ with .Description }}<p class="lead">{{ . }}</p>{{ end }}<ul class="lists">{{ range .Data.Terms.Alphabetical }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> ({{ .Count }})</li>{{ end }}</ul>{{ end }}
`,
  '_default/terms.markdown.md': `> Markdown twin of <{{ .Permalink }}>. Agent index: <{{ "llms.txt" | absURL }}>

# {{ .Title }}

{{ range .Data.Terms.Alphabetical }}- [{{ .Page.Title }}]({{ (.Page.OutputFormats.Get "markdown").Permalink }}): {{ .Count }} products
{{ end }}`,
  '_default/term.llmsdump.txt': `# {{ site.Title }}: {{ .Title }}

{{ .Description }}

{{ range .Pages }}## {{ .Title }}

{{ partialCached "product-facts.md" . .RelPermalink }}
{{ end }}`,
  'page/single.html': `{{ define "main" }}<article class="prose"><h1>{{ .Title }}</h1>{{ .Content }}</article>{{ end }}
`,
  'page/single.markdown.md': `> Markdown twin of <{{ .Permalink }}>. Agent index: <{{ "llms.txt" | absURL }}>

# {{ .Title }}

{{ trim .RawContent " \\n" }}
`,
  'index.html': `{{ define "main" }}<section class="hero"><h1>{{ site.Title }}</h1><p class="lead">{{ site.Params.description }}</p><form action="/search" role="search"><label for="q">Search by name</label><input id="q" name="q" type="search"><button>Search</button></form></section>
<section><h2>Staff picks</h2><ul class="grid">{{ range first 12 (where site.RegularPages "Params.staffpick" true) }}${CARD_HTML}{{ end }}</ul><p><a href="/staff-picks">All staff picks</a></p></section>
<section><h2>Browse by category</h2><ul class="lists">{{ range site.Taxonomies.categories.Alphabetical }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> ({{ .Count }})<p>{{ .Page.Description }}</p></li>{{ end }}</ul></section>
<section><h2>Browse by age</h2><ul class="lists">{{ range site.Taxonomies.ages.Alphabetical }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> ({{ .Count }})</li>{{ end }}</ul></section>{{ end }}
`,
  'index.markdown.md': `> Markdown twin of <{{ .Permalink }}>. Agent index: <{{ "llms.txt" | absURL }}>

# {{ site.Title }}

{{ site.Params.description }}

## Staff picks

{{ range first 12 (where site.RegularPages "Params.staffpick" true) }}${CARD_MD}
{{ end }}
## Categories

{{ range site.Taxonomies.categories.Alphabetical }}- [{{ .Page.Title }}]({{ (.Page.OutputFormats.Get "markdown").Permalink }}): {{ .Count }} products
{{ end }}`,
  'index.productsjson.json': `{{- $products := where site.RegularPages "Section" "products" -}}
{"count":{{ len $products }},"generatedAt":{{ now.UTC.Format "2006-01-02T15:04:05Z07:00" | jsonify }},"products":[{{ range $i, $p := $products }}{{ if $i }},{{ end }}{{ partialCached "product-record.html" $p $p.RelPermalink | jsonify }}{{ end }}]}`,
  'index.llms.txt': `# {{ site.Title }}

> A keyless, curated catalog of hands-on, screen-free learning products for children from birth to 13+, each with an editorial note on why it was picked. It sells nothing.

It holds {{ len (where site.RegularPages "Section" "products") }} published products. Every page below is linked as its Markdown twin.

## Key pages

- [Home]({{ "index.md" | absURL }}): what the catalog is, staff picks, ways to browse
- [All products]({{ "products.md" | absURL }}): every product, 48 to a page
- [Staff picks]({{ "staff-picks.md" | absURL }}): the products the curators recommend first

## Categories

{{ range site.Taxonomies.categories.Alphabetical }}- [{{ .Page.Title }}]({{ (.Page.OutputFormats.Get "markdown").Permalink }}): {{ .Count }} products. {{ .Page.Description }}
{{ end }}
## Ages

{{ range site.Taxonomies.ages.Alphabetical }}- [{{ .Page.Title }}]({{ (.Page.OutputFormats.Get "markdown").Permalink }}): {{ .Count }} products
{{ end }}
## Optional

- [Every product in one file]({{ "llms-full.txt" | absURL }})
- [Every product in one line each]({{ "llms-small.txt" | absURL }})
`,
  'index.llmssmall.txt': `# {{ site.Title }}: every product in one line

{{ range where site.RegularPages "Section" "products" }}- [{{ .Title }}]({{ (.OutputFormats.Get "markdown").RelPermalink }}) · {{ .Params.agerange | default "ages not stated" }} · ${PRICE}{{ with .Params.whywepicked }} · {{ index (split . ". ") 0 }}{{ end }}
{{ end }}`,
  'index.llmsfull.txt': `{{- $products := where site.RegularPages "Section" "products" -}}
# {{ site.Title }}: the full catalog

> {{ site.Params.description }}

{{ len $products }} published products. Prices are indicative. Agent index: <{{ "llms.txt" | absURL }}>
{{ range $products }}
## {{ .Title }}

{{ partialCached "product-facts.md" . .RelPermalink }}{{ end }}`,
};

/** A little CSS and the site's own static files, as a Hugo site would keep them in static/. */
const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1d2b27}.wrap{max-width:72rem;margin:0 auto;padding:0 1rem}
.site-header{background:#2f6b5a;color:#fff}.nav{display:flex;gap:1rem;list-style:none}.nav a{color:#fff}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:1rem;list-style:none;padding:0}
.card{border:1px solid #d5e0dc;border-radius:.5rem;padding:.75rem}.pimg{max-width:100%;height:auto}.badge{background:#e9a23b;border-radius:.25rem;padding:0 .25rem}
.facts{display:grid;grid-template-columns:auto 1fr}.button{background:#c8553d;color:#fff;padding:.5rem 1rem;border-radius:.25rem}
.visually-hidden{position:absolute;clip:rect(0 0 0 0);width:1px;height:1px;overflow:hidden}.pager{display:flex;gap:1rem}
`;

const front = (fields: Record<string, unknown>) =>
  `---\n${Object.entries(fields)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join('\n')}\n---\n`;

/** Years, as schema.org's suggestedMinAge/MaxAge take them. */
const years = (months: number) => Math.round((months / 12) * 100) / 100;

/** A product as Hugo content: Hugo's own keys, then the product's fields (`url` is Hugo's: `shopurl`). */
export function productContent(e: CatalogEntry): string {
  const d = e.data;
  const bands = ageBandsFor(d.ageRange);
  const span = d.ageRange === null ? null : parseAgeRange(d.ageRange);
  return `${front({
    title: d.name,
    slug: d.slug,
    draft: !d.published,
    ...(d.publishAt ? { publishDate: d.publishAt.toISOString() } : {}),
    categories: d.categories,
    ages: bands,
    // The filter page of each age band × category.
    filters: bands.flatMap((b) => d.categories.map((c) => `${b}/${c}`)),
    brand: d.brand,
    ageRange: d.ageRange,
    price: d.price,
    currency: d.currency,
    imageUrl: d.imageUrl,
    shopUrl: d.url,
    staffPick: d.staffPick,
    pickedBy: d.pickedBy,
    whyWePicked: d.whyWePicked,
    ...(span
      ? {
          audience: {
            suggestedMinAge: years(span.minMonths),
            ...(span.maxMonths === null ? {} : { suggestedMaxAge: years(span.maxMonths) }),
          },
        }
      : {}),
  })}${e.description ?? ''}\n`;
}

/**
 * The list pages' content files (titles and leads): the product section, the staff picks section,
 * the two taxonomies, each category and age band, and each age band × category with products at
 * `at` (ours builds a filter page only for those). Category pages also write their llms dump.
 */
function listContent(entries: readonly CatalogEntry[], at: Date): Record<string, string> {
  const view = catalogView(entries, at);
  const lead = Object.fromEntries(productLists(view).map((l) => [l.path, listLead(l)]));
  const files: Record<string, string> = {
    '_index.md': front({ title: SITE_NAME, description: SITE_TAGLINE }),
    'products/_index.md': front({ title: 'All products', description: lead['/products'] }),
    'staff-picks/_index.md': front({ title: 'Staff picks', description: lead['/staff-picks'] }),
    'categories/_index.md': front({ title: 'Categories', description: 'Every category with its products.' }),
    'ages/_index.md': front({ title: 'Ages', description: 'Every age band with its products.' }),
    'filters/_index.md': front({ title: 'Ages by category', description: 'Every age band × category list.' }),
    'about.md': `${front({ title: 'About', type: 'page', outputs: ['HTML', 'markdown'] })}How products are picked, affiliate links, freshness.\n`,
    'search.md': `${front({ title: 'Search', type: 'page', outputs: ['HTML', 'markdown'] })}<link href="/pagefind/pagefind-ui.css" rel="stylesheet"><script src="/pagefind/pagefind-ui.js"></script><div id="search"></div>\n`,
  };
  for (const c of CATEGORY_SLUGS)
    files[`categories/${c}/_index.md`] = front({
      title: CATEGORIES[c].label,
      description: CATEGORIES[c].blurb,
      outputs: ['HTML', 'markdown', 'llmsdump'],
    });
  for (const b of AGE_BANDS) {
    files[`ages/${b.slug}/_index.md`] = front({ title: b.label, description: lead[`/ages/${b.slug}`] });
    for (const [c] of categoriesInBand(view, b.slug))
      files[`filters/${b.slug}/${c}/_index.md`] = front({
        title: `${CATEGORIES[c].label} for ${b.label}`,
        slug: `${b.slug}/${c}`,
        description: lead[`/ages/${b.slug}/${c}`],
      });
  }
  return files;
}

export interface SameWorkSiteOptions {
  /** The build time that decides which products are published (default: now). */
  at?: Date;
  /** A folder copied to the site's static/ (the repository's public/: images, favicon, og-image). */
  staticFrom?: string;
}

/** Writes the same-work Hugo site for `entries` into `siteDir` (replacing what was there). */
export async function writeSameWorkHugoSite(
  siteDir: string,
  entries: readonly CatalogEntry[],
  opts: SameWorkSiteOptions = {},
): Promise<void> {
  const at = opts.at ?? new Date();
  await rm(siteDir, { recursive: true, force: true });
  const content = path.join(siteDir, 'content');
  await mkdir(path.join(content, 'products'), { recursive: true });
  await writeFile(path.join(siteDir, 'config.toml'), CONFIG);
  for (const [rel, text] of Object.entries(LAYOUTS)) {
    await mkdir(path.dirname(path.join(siteDir, 'layouts', rel)), { recursive: true });
    await writeFile(path.join(siteDir, 'layouts', rel), text);
  }
  for (const [rel, text] of Object.entries(listContent(entries, at))) {
    await mkdir(path.dirname(path.join(content, rel)), { recursive: true });
    await writeFile(path.join(content, rel), text);
  }
  const staticDir = path.join(siteDir, 'static');
  if (opts.staticFrom && existsSync(opts.staticFrom)) await cp(opts.staticFrom, staticDir, { recursive: true });
  else await mkdir(staticDir, { recursive: true });
  await writeFile(path.join(staticDir, 'style.css'), STYLE);
  const batch: Promise<void>[] = [];
  for (const e of entries) {
    batch.push(writeFile(path.join(content, 'products', `${e.data.slug}.md`), productContent(e)));
    if (batch.length >= 500) await Promise.all(batch.splice(0));
  }
  await Promise.all(batch);
}

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The `hugo` command line for a cold build (not quiet: its page counts are logged). */
export function sameWorkHugoCommand(siteDir: string, publicDir: string, cacheDir: string): string {
  return `${HUGO} --source ${q(siteDir)} --destination ${q(publicDir)} --cacheDir ${q(cacheDir)}`;
}

/** Pagefind's CLI over the built HTML, as a Hugo user runs it after `hugo`. */
export function pagefindCommand(pagefindBin: string, publicDir: string): string {
  return `${q(pagefindBin)} --site ${q(publicDir)}`;
}

/** Hugo's summary table ("Pages | 31302"), as numbers by row. */
export function hugoStats(lines: readonly string[]): Record<string, number> {
  const stats: Record<string, number> = {};
  for (const line of lines) {
    const m = /^\s*([A-Z][A-Za-z -]+?)\s*\|\s*(\d+)\s*$/.exec(line);
    if (m) stats[m[1]!] = Number(m[2]);
  }
  return stats;
}

/** Output files by kind. Ours and this Hugo site share the path scheme, so one count serves both. */
export interface OutputKinds {
  productHtml: number;
  productMd: number;
  productJson: number;
  /** Paginated product lists (every page of /products, /staff-picks, a category, band or filter). */
  listHtml: number;
  listMd: number;
  /** Hugo's redirect from a list's page 1 (`/products/1.html`); ours has none. */
  pageOneRedirects: number;
  pagefind: number;
  otherHtml: number;
  other: number;
  total: number;
}

const LIST_PAGE = /^(?:products|staff-picks|categories\/[^/]+|ages\/[^/]+(?:\/[a-z][^/]*)?)(?:\/(\d+))?\.(html|md)$/;
const PRODUCT_PAGE = /^products\/(?!\d+\.)[^/]+\.(html|md)$/;
const PRODUCT_JSON = /^api\/products\/[^/.]+(?:\.json)?$/;

/** Classifies one output path (relative, with forward slashes). */
export function outputKind(rel: string): keyof Omit<OutputKinds, 'total'> {
  if (rel.startsWith('pagefind/')) return 'pagefind';
  if (PRODUCT_JSON.test(rel)) return 'productJson';
  const product = PRODUCT_PAGE.exec(rel);
  if (product) return product[1] === 'html' ? 'productHtml' : 'productMd';
  const list = LIST_PAGE.exec(rel);
  if (list) {
    if (list[1] === '1') return 'pageOneRedirects';
    return list[2] === 'html' ? 'listHtml' : 'listMd';
  }
  return rel.endsWith('.html') ? 'otherHtml' : 'other';
}

async function walk(dir: string, root = dir, out: string[] = []): Promise<string[]> {
  for (const d of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) await walk(p, root, out);
    else out.push(path.relative(root, p).split(path.sep).join('/'));
  }
  return out;
}

/** Counts a built folder's files by kind. */
export async function countOutputKinds(dir: string): Promise<OutputKinds> {
  const kinds: OutputKinds = {
    productHtml: 0,
    productMd: 0,
    productJson: 0,
    listHtml: 0,
    listMd: 0,
    pageOneRedirects: 0,
    pagefind: 0,
    otherHtml: 0,
    other: 0,
    total: 0,
  };
  if (!existsSync(dir)) return kinds;
  for (const rel of await walk(dir)) {
    kinds[outputKind(rel)]++;
    kinds.total++;
  }
  return kinds;
}

/**
 * What the same-work build must have written for `entries` at `at`: files that must exist, files
 * that must not (an unpublished product's), and the count of each product kind.
 */
export function sameWorkExpectations(entries: readonly CatalogEntry[], at: Date) {
  const published = publishedEntries(entries, at);
  const view = catalogView(entries, at);
  const mustExist = [
    'index.html',
    'index.md',
    'api/products.json',
    'llms.txt',
    'llms-small.txt',
    'llms-full.txt',
    'sitemap.xml',
    'feed.xml',
    'products.html',
    'products.md',
    'staff-picks.html',
    'pagefind/pagefind.js',
  ];
  const sample = published[Math.floor(published.length / 2)];
  if (sample)
    mustExist.push(
      `products/${sample.data.slug}.html`,
      `products/${sample.data.slug}.md`,
      `api/products/${sample.data.slug}`,
    );
  // Every page of the product list, and every list with products (a category, a band, a filter page).
  for (const list of productLists(view).filter((l) => l.kind === 'all' || l.entries.length > 0))
    for (const page of listPages(list)) mustExist.push(`${page.path.slice(1)}.html`, `${page.path.slice(1)}.md`);
  const mustNotExist = entries
    .filter((e) => !published.includes(e))
    .flatMap((e) => [`products/${e.data.slug}.html`, `api/products/${e.data.slug}`]);
  return { mustExist, mustNotExist, products: published.length };
}

/** The problems of a built same-work site (empty when it wrote what it must). */
export function checkSameWorkOutput(
  publicDir: string,
  kinds: OutputKinds,
  expected: ReturnType<typeof sameWorkExpectations>,
): string[] {
  const problems: string[] = [];
  const missing = expected.mustExist.filter((rel) => !existsSync(path.join(publicDir, rel)));
  if (missing.length) problems.push(`missing ${missing.length} files: ${missing.slice(0, 5).join(', ')}`);
  const leaked = expected.mustNotExist.filter((rel) => existsSync(path.join(publicDir, rel)));
  if (leaked.length) problems.push(`unpublished products written: ${leaked.slice(0, 5).join(', ')}`);
  for (const k of ['productHtml', 'productMd', 'productJson'] as const)
    if (kinds[k] !== expected.products) problems.push(`${k}: ${kinds[k]} files for ${expected.products} products`);
  return problems;
}
