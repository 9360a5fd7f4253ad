// What propose_product and propose_edit answer: where the proposal is (on the curators' board, off
// it, or a local branch), and what did not go as planned, in the shape the tools declare.
import { describe, expect, it } from 'vitest';
import type { Proposal } from '../../src/server/proposals/backend.ts';
import { ProposalOutput, proposalAnswer } from '../../src/server/mcp/tools/proposal-output.ts';

const made = (over: Partial<Proposal>): Proposal => ({
  branch: 'cms/products/kite',
  title: 'Edit kite: price',
  url: 'https://github.com/o/r/pull/7',
  number: 7,
  via: 'mcp',
  proposedBy: 'ada@example.test',
  checks: 'pending',
  createdAt: '2026-11-26T10:00:00.000Z',
  ...over,
});
const github = { describe: 'o/r on GitHub' };
const answer = (p: Proposal, backend = github) =>
  ProposalOutput.parse(proposalAnswer(p, backend, 'content/products/kite.md', []));

describe('a proposal tool’s answer', () => {
  it('says a proposal on the board waits there, in review', () => {
    const a = answer(made({}));
    expect(a.message).toMatch(/#7 .* from branch cms\/products\/kite, in review on the curators’ board/);
    expect(a.notes).toBeUndefined();
  });

  it('passes on why a proposal is off the board', () => {
    const note = 'The editor’s branch cms/products/kite already exists (a curator’s draft of this product).';
    const a = answer(made({ branch: 'catalog/kite-abc123', notes: [note] }));
    expect(a.message).not.toMatch(/board/);
    expect(a.notes).toEqual([note]);
  });

  it('names a local branch to merge with git', () => {
    const a = answer(made({ branch: 'catalog/kite-abc123', url: null, number: null }), { describe: 'the checkout' });
    expect(a.message).toBe('Proposal on branch catalog/kite-abc123 in the checkout: review and merge it with git.');
  });
});
