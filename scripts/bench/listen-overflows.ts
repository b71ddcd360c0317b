// The kernel's count of connections dropped because a listening socket's accept queue was full
// (TcpExt ListenOverflows in /proc/net/netstat). A dropped handshake is retried by the client's
// kernel after 1, 3, 7, 15… seconds: a figure whose tail sits at those times is measuring this,
// not the site, so the sections that open many connections print how many happened during them.
import { readFileSync } from 'node:fs';

/** The machine's ListenOverflows so far; null where /proc does not tell (not Linux). */
export function listenOverflows(): number | null {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
    for (let i = 0; i + 1 < lines.length; i += 2) {
      const names = lines[i]!.split(/\s+/);
      const values = lines[i + 1]!.split(/\s+/);
      if (names[0] !== 'TcpExt:') continue;
      const at = names.indexOf('ListenOverflows');
      return at < 0 ? null : Number(values[at]);
    }
  } catch {
    // Not Linux, or /proc not mounted.
  }
  return null;
}
