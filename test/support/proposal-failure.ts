// What both proposal backends' tests expect of a refused proposal: the promise rejects with a
// ProposalError (never another error), which the test then reads for its code and message.
import { expect } from 'vitest';
import { ProposalError } from '../../src/server/proposals/backend.ts';

export async function proposalFailure(p: Promise<unknown>): Promise<ProposalError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProposalError);
  return err as ProposalError;
}
