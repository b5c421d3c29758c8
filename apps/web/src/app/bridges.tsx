import { useEffect, type ReactElement } from 'react';
import { message } from 'antd';
import { useNavigate } from 'react-router';
import { setNavigationPort } from '../lib/request';
import { setToastSink } from '../lib/toast';

/**
 * Hands antd's context-aware message API (theme, locale) to the request layer's toasts. The hook, unlike
 * antd's App component, does not pull modal and notification into the first load.
 */
export function ToastBridge(): ReactElement {
  const [api, holder] = message.useMessage({ maxCount: 3 });
  useEffect(() => {
    setToastSink({ open: (config) => void api.open(config) });
    return () => setToastSink(undefined);
  }, [api]);
  return holder;
}

/** Lets the request layer leave a page through the router rather than by rewriting the hash. */
export function NavigationBridge(): null {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigationPort({
      currentPath: () => window.location.hash.replace(/^#/, '') || '/',
      navigate: (to) => void navigate(to, { replace: true }),
    });
    return () => setNavigationPort(undefined);
  }, [navigate]);
  return null;
}
