// The post-build proof's search for unpublished products (src/build/check-dist.ts): a slug or a
// name, as written in any kind of file. The proof over a real folder: test/integration/outputs-check.test.ts.
import { describe, expect, it } from 'vitest';
import { unpublishedMatcher } from '../../src/build/check-dist.ts';

describe('unpublishedMatcher', () => {
  const match = unpublishedMatcher(['secret-kit'], ['Quokka (Set)', 'Ant & "Bee"']);
  it.each([
    ['/products/secret-kit.md', ['slug "secret-kit"']],
    ['"slug":"secret-kit"', ['slug "secret-kit"']],
    ['secret-kit-2 and not-secret-kit', []],
    ['A Quokka (Set) here', ['name "Quokka (Set)"']],
    ['Quokka (Sets)', []],
    ['<h1>Ant &amp; &quot;Bee&quot;</h1>', ['name "Ant &amp; &quot;Bee&quot;"']],
    ['{"name":"Ant & \\"Bee\\""}', ['name "Ant & \\"Bee\\""']],
    ['no mention at all', []],
  ])('%s → %j', (text, hits) => {
    expect(match(text)).toEqual(hits);
  });
});
