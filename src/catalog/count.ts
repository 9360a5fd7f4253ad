// Counts in messages and descriptions, written with thousands separators ("5,000").
/**
 * `5000` → "5,000", as `toLocaleString('en-US')` writes it, without Intl: the first Intl call of a
 * process loads ICU's data, 13 ms of the MCP function's cold start (the schema's messages are made
 * when the module loads).
 */
export const formatCount = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
