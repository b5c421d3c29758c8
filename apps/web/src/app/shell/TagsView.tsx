import { useEffect, useRef, type MouseEvent, type ReactElement, type RefObject } from 'react';
import { Dropdown, theme, type MenuProps } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { Layout } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { TestId } from '../../testids';
import { Paths } from '../../lib/paths';
import type { PageRoute } from '../router/routeModel';
import {
  closeAllViews,
  closeOtherViews,
  closeView,
  nextPathAfterClosing,
  refreshView,
  tagsStore,
  useTags,
  type TagView,
} from '../state/tags';

type TagAction = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

function menuLabel(action: TagAction, text: string): ReactElement {
  return (
    <span data-testid={TestId.tagMenu} data-action={action}>
      {text}
    </span>
  );
}

function isTagAction(key: string): key is TagAction {
  return key === 'refresh' || key === 'close' || key === 'closeOthers' || key === 'closeAll';
}

/** Keeps the active tab in view with the 4 px padding of SPEC §9. */
function useScrollActiveIntoView(activePath: string): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = ref.current;
    const tab = container?.querySelector<HTMLElement>(`[data-active="true"]`);
    if (container === null || tab === null || tab === undefined) return;
    const padding = Layout.tagScrollPaddingPx;
    if (tab.offsetLeft < container.scrollLeft) container.scrollLeft = tab.offsetLeft - padding;
    else if (tab.offsetLeft + tab.offsetWidth > container.scrollLeft + container.clientWidth) {
      container.scrollLeft = tab.offsetLeft + tab.offsetWidth - container.clientWidth + padding;
    }
  }, [activePath]);
  return ref;
}

/** Tab strip of visited pages (SPEC §2): click, close, right-click Refresh / Close / Close Other / Close All. */
export function TagsView({ pages }: { pages: readonly PageRoute[] }): ReactElement {
  const { t } = useTranslation();
  const { visited } = useTags();
  const { token } = theme.useToken();
  const location = useLocation();
  const navigate = useNavigate();
  const scrollRef = useScrollActiveIntoView(location.pathname);
  const dashboardPath = pages.some((p) => p.path === Paths.home) ? Paths.home : Paths.root;

  const goAfterClosing = (closed: TagView): void => {
    const remaining = tagsStore.get().visited;
    if (remaining.some((v) => v.path === location.pathname)) return;
    void navigate(nextPathAfterClosing(closed, remaining, dashboardPath));
  };

  const run = (action: TagAction, tag: TagView): void => {
    switch (action) {
      case 'refresh':
        refreshView(tag.path);
        if (tag.path !== location.pathname) void navigate(tag.fullPath);
        break;
      case 'close':
        closeView(tag.path);
        goAfterClosing(tag);
        break;
      case 'closeOthers':
        closeOtherViews(tag.path);
        if (tag.path !== location.pathname) void navigate(tag.fullPath);
        break;
      case 'closeAll':
        closeAllViews();
        goAfterClosing(tag);
        break;
    }
  };

  const menuFor = (tag: TagView): MenuProps => ({
    items: [
      { key: 'refresh', label: menuLabel('refresh', t('tags.refresh')) },
      { key: 'close', label: menuLabel('close', t('tags.close')), disabled: tag.meta.affix },
      { key: 'closeOthers', label: menuLabel('closeOthers', t('tags.closeOthers')) },
      { key: 'closeAll', label: menuLabel('closeAll', t('tags.closeAll')) },
    ],
    onClick: ({ key }) => {
      if (isTagAction(key)) run(key, tag);
    },
    style: { minWidth: Layout.contextMenuWidthPx },
  });

  const onClose = (event: MouseEvent, tag: TagView): void => {
    event.stopPropagation();
    run('close', tag);
  };

  return (
    <nav className="tags-view" data-testid={TestId.tagsView} ref={scrollRef}>
      {visited.map((tag) => {
        const active = tag.path === location.pathname;
        const title = `${t(tag.meta.title)}${tag.titleSuffix !== undefined ? ` - ${tag.titleSuffix}` : ''}`;
        return (
          <Dropdown key={tag.path} menu={menuFor(tag)} trigger={['contextMenu']}>
            <span
              role="link"
              tabIndex={0}
              className={active ? 'tag tag-active' : 'tag'}
              style={active ? { background: token.colorPrimary, borderColor: token.colorPrimary } : undefined}
              data-testid={TestId.tag}
              data-path={tag.path}
              data-active={active ? 'true' : 'false'}
              onClick={() => void navigate(tag.fullPath)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void navigate(tag.fullPath);
              }}
            >
              <span className="tag-title">{title}</span>
              {!tag.meta.affix && (
                <CloseOutlined
                  className="tag-close"
                  data-testid={TestId.tagClose}
                  aria-label={t('tags.close')}
                  onClick={(e) => onClose(e, tag)}
                />
              )}
            </span>
          </Dropdown>
        );
      })}
    </nav>
  );
}
