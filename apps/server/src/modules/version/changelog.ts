// CHANGELOG.md as entries for GET /version: each `## ` heading starts an entry (a YYYY-MM-DD in it is its
// date), each `- ` line below is an item, indented lines continue the item above. Entries are plain text:
// inline code marks are dropped.
import type { ChangelogEntry } from '@sunfleet/contracts';

const DATE = /\b(\d{4}-\d{2}-\d{2})\b/;
const plain = (text: string): string => text.replace(/`([^`]*)`/g, '$1');

export function parseChangelog(markdown: string): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  let current: ChangelogEntry | null = null;
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trimEnd();
    if (line.startsWith('## ')) {
      const heading = line.slice(3).trim();
      const date = DATE.exec(heading)?.[1] ?? null;
      const title = plain(heading)
        .replace(/\(?\s*\d{4}-\d{2}-\d{2}\s*\)?/, '')
        .replace(/[\s—–-]+$/, '')
        .trim();
      current = { title, date, items: [] };
      entries.push(current);
    } else if (current !== null && /^[-*] /.test(line)) {
      current.items.push(plain(line.slice(2).trim()));
    } else if (current !== null && /^\s+\S/.test(line) && current.items.length > 0) {
      const last = current.items.length - 1;
      current.items[last] = `${current.items[last] ?? ''} ${plain(line.trim())}`;
    }
  }
  return entries;
}
