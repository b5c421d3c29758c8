import { WILDCARD_PERMISSION, type RouteEntry } from '@sunfleet/contracts';
import type { ChangeFeed } from '../../db/change-feed.js';
import { FeedCache } from '../../db/feed-cache.js';
import type { NavigationRepository, NavRow } from './navigation.repository.js';

type Node = Omit<RouteEntry, 'children'> & { children: Node[] };

function toNode(row: NavRow): Node {
  return {
    id: row.id,
    parentId: row.parentId,
    path: row.path,
    component: row.component,
    hidden: row.hidden,
    meta: {
      title: row.title,
      titleCn: row.titleCn,
      icon: row.icon,
      affix: row.affix,
      noCache: row.noCache,
      newTab: row.newTab,
    },
    children: [],
  };
}

/** Distinct permission sets whose trees an API process keeps (roles, in practice). */
const MAX_TREES = 1_000;

export class NavigationService {
  /**
   * Trees by permission set. The catalogue changes only when a new version syncs it at start; any change
   * to it drops them all.
   */
  private readonly trees: FeedCache<string, RouteEntry[]>;

  constructor(
    private readonly repo: NavigationRepository,
    feed: ChangeFeed,
  ) {
    this.trees = new FeedCache<string, RouteEntry[]>(feed, {
      max: MAX_TREES,
      stale: (change) => change.kind === 'navigation',
    });
  }

  /** The navigation tree a set of permissions may see. */
  async routesFor(permissions: readonly string[]): Promise<RouteEntry[]> {
    const key = permissions.join('\n');
    return this.trees.load(key, async () => this.tree(await this.repo.all(), permissions));
  }

  /**
   * An entry is kept when it needs no permission or one that is held; a parent without a permission of
   * its own is kept only while it has a child left.
   */
  private tree(stored: readonly NavRow[], permissions: readonly string[]): RouteEntry[] {
    const all = permissions.includes(WILDCARD_PERMISSION);
    const rows = stored.filter((r) => all || r.perm === null || permissions.includes(r.perm));
    const nodes = new Map(rows.map((r) => [r.id, toNode(r)]));
    const roots: Node[] = [];
    for (const row of rows) {
      const node = nodes.get(row.id);
      if (!node) continue;
      if (row.parentId === 0) roots.push(node);
      else nodes.get(row.parentId)?.children.push(node);
    }
    const parentOnly = new Set(rows.filter((r) => r.component === 'ParentView').map((r) => r.id));
    return roots.filter((n) => !parentOnly.has(n.id) || n.children.length > 0);
  }
}
