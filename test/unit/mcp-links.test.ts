// Which addresses check_links refuses to request.
import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../src/server/mcp/links.ts';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fd00::1',
    'fc00::5',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '2002:7f00:1::',
    'not-an-ip',
  ])('%s is refused', (a) => expect(isPrivateAddress(a)).toBe(true));

  it.each([
    '8.8.8.8',
    '93.184.215.14',
    '172.32.0.1',
    '192.169.0.1',
    '2606:4700::1111',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
  ])('%s is allowed', (a) => expect(isPrivateAddress(a)).toBe(false));
});
