// Hourly: deletes the admin side's expired records from Netlify Blobs (Blobs has no expiry of its
// own; every key starts with the hour it expires, and a JSON record carries its expiry; see
// src/server/store/cleanup.ts).
import type { Config } from '@netlify/functions';
import { settings } from '../../src/config/env.ts';
import { runCleanup } from '../../src/server/store/cleanup.ts';

export default async () => {
  console.log(await runCleanup(settings()));
};
export const config: Config = { schedule: '@hourly' };
