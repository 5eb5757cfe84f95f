import { spawn } from 'node:child_process';
import path from 'node:path';

/*
 * The official FatturaPA schema (standards/fatturapa/) and xmllint (Debian libxml2-utils), offline.
 * Without xmllint the suites that validate fail with what to install: they never skip.
 */

const SCHEMA = path.resolve(__dirname, '..', '..', '..', 'standards', 'fatturapa', 'FatturaPA_v1.2.2.xsd');
const XMLLINT_TIMEOUT_MS = 15_000;

/** xmllint's verdict on `xml` (read from stdin) against the schema: valid, with its messages. */
export function validateFatturaPA(xml: string): Promise<{ valid: boolean; messages: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('xmllint', ['--nonet', '--noout', '--schema', SCHEMA, '-'], { timeout: XMLLINT_TIMEOUT_MS });
    let messages = '';
    child.stderr.on('data', (chunk: Buffer) => (messages += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT' ? new Error('xmllint is missing: install Debian libxml2-utils (apt-get install -y libxml2-utils); .ci/run does it') : error,
      ),
    );
    child.on('close', (code, signal) => {
      if (signal) reject(new Error(`xmllint did not answer within ${XMLLINT_TIMEOUT_MS} ms (${signal})`));
      else resolve({ valid: code === 0, messages });
    });
    child.stdin.end(xml);
  });
}
