// A list page whose rows open a detail drawer named in the URL (`?task=<id>`), so the detail survives a
// reload and can be linked: the IV scan tasks and the upgrade tasks.
import { useRef, type ReactElement, type ReactNode } from 'react';
import { Drawer, Grid } from 'antd';
import { useSearchParams } from 'react-router';
import { useViewShown } from '../lib/useViewShown';

/** The id the drawer shows (the URL parameter `name`), and opening (an id) or closing (null) it. */
export function useDrawerParam(name: string): { openId: string | null; open: (id: string | null) => void } {
  const [params, setParams] = useSearchParams();
  return {
    openId: params.get(name),
    open: (id) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (id === null) next.delete(name);
          else next.set(name, id);
          return next;
        },
        { replace: id === null },
      ),
  };
}

/**
 * The list, then the drawer of the open id: as wide as `width` on large screens, the whole screen on
 * phones. The drawer is portalled out of the view, so it hides itself while another tab is shown.
 */
export function ListDrawer({
  list,
  openId,
  onClose,
  title,
  width,
  detail,
}: {
  list: ReactNode;
  openId: string | null;
  onClose: () => void;
  title: string;
  width: number;
  detail: (id: string) => ReactNode;
}): ReactElement {
  const screens = Grid.useBreakpoint();
  const frame = useRef<HTMLDivElement>(null);
  const shown = useViewShown(frame);
  return (
    <>
      <div ref={frame}>{list}</div>
      <Drawer
        open={openId !== null && shown}
        onClose={onClose}
        size={screens.lg === false ? '100%' : width}
        title={title}
        destroyOnHidden
      >
        {openId !== null && detail(openId)}
      </Drawer>
    </>
  );
}
