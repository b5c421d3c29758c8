import type { ReactElement } from 'react';
import { ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { HashRouter } from 'react-router';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/queryClient';
import { NavigationBridge, ToastBridge } from './bridges';
import { Guard } from './guard/Guard';
import { AppRoutes } from './router/AppRoutes';
import { useSettings } from './state/settings';
import { useAntdLocale } from './useAntdLocale';
import { useReducedMotion } from './useReducedMotion';

function Themed(): ReactElement {
  const settings = useSettings();
  const { i18n: instance } = useTranslation();
  const locale = useAntdLocale(instance.language);
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider
      locale={locale}
      theme={{
        token: { colorPrimary: settings.theme, colorInfo: settings.theme, motion: !reducedMotion },
      }}
    >
      <ToastBridge />
      <HashRouter>
        <NavigationBridge />
        <Guard>
          <AppRoutes />
        </Guard>
      </HashRouter>
    </ConfigProvider>
  );
}

/** Providers (query cache, i18n, antd theme and locale, hash router) around the guarded route tree. */
export function App(): ReactElement {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Themed />
      </I18nextProvider>
    </QueryClientProvider>
  );
}
