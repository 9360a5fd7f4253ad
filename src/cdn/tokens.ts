// The `x-markdown-tokens` estimate sent with Markdown responses: a rough size hint for agents.

/** ceil(characters / 4), counting Unicode code points (not bytes, not UTF-16 units). */
export function estimateTokens(text: string): number {
  return Math.ceil([...text].length / 4);
}
