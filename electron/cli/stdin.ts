// Reads a secret from stdin: piped input as is, or typed at a terminal without echo.
export async function readSecretFromStdin(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks).toString('utf8').trim();
  }
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  let value = '';
  try {
    for await (const chunk of stdin) {
      for (const ch of String(chunk)) {
        if (ch === '\r' || ch === '\n') return value.trim();
        if (ch === '\u0003') throw new Error('cancelled');
        if (ch === '\u007f') value = value.slice(0, -1);
        else value += ch;
      }
    }
    return value.trim();
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
    process.stderr.write('\n');
  }
}
