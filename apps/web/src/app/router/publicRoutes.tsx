import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { FullPageSpin } from '../../components/FullPageSpin';
import { Paths } from '../../lib/paths';

const LoginPage = lazy(() => import('../../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() =>
  import('../../features/account/RegisterPage').then((m) => ({ default: m.RegisterPage })),
);
const FindPasswordPage = lazy(() =>
  import('../../features/account/FindPasswordPage').then((m) => ({ default: m.FindPasswordPage })),
);
const FindNamePage = lazy(() =>
  import('../../features/account/FindNamePage').then((m) => ({ default: m.FindNamePage })),
);
const PrivacyPage = lazy(() =>
  import('../../features/legal/PrivacyPage').then((m) => ({ default: m.PrivacyPage })),
);
const TermsPage = lazy(() =>
  import('../../features/legal/TermsPage').then((m) => ({ default: m.TermsPage })),
);
const AuthRedirectPage = lazy(() =>
  import('../../features/system/AuthRedirectPage').then((m) => ({ default: m.AuthRedirectPage })),
);
const StationSharePage = lazy(() =>
  import('../../features/station/share/StationSharePage').then((m) => ({ default: m.StationSharePage })),
);

const UnsubscribePage = lazy(() =>
  import('../../features/station/unsubscribe/UnsubscribePage').then((m) => ({ default: m.UnsubscribePage })),
);

function suspended(Page: ComponentType): ReactElement {
  return (
    <Suspense fallback={<FullPageSpin />}>
      <Page />
    </Suspense>
  );
}

/** Public routes of SPEC §2, each loaded on first visit. */
export const publicRoutes: RouteObject[] = [
  { path: Paths.login, element: <Navigate to={Paths.loginIndex} replace /> },
  { path: Paths.loginIndex, element: suspended(LoginPage) },
  { path: Paths.findPassword, element: suspended(FindPasswordPage) },
  { path: Paths.registeredAccount, element: suspended(RegisterPage) },
  { path: Paths.loginRegister, element: suspended(RegisterPage) },
  { path: Paths.register, element: suspended(RegisterPage) },
  { path: Paths.findName, element: suspended(FindNamePage) },
  { path: Paths.authRedirect, element: suspended(AuthRedirectPage) },
  { path: Paths.privacy, element: suspended(PrivacyPage) },
  { path: Paths.terms, element: suspended(TermsPage) },
  { path: Paths.stationShare, element: suspended(StationSharePage) },
  { path: Paths.unsubscribe, element: suspended(UnsubscribePage) },
];
