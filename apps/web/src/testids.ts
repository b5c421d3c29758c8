/**
 * Stable test selectors (`data-testid`), kept in one place so unit and e2e tests and the components agree.
 * The e2e suites import this file; renaming a selector is a change here only.
 */
export const TestId = {
  pageLoading: 'page-loading',

  // Login and account screens
  authHeader: 'auth-header',
  serverSelect: 'server-select',
  serverOption: 'server-option',
  languageSelect: 'language-select',
  languageOption: 'language-option',
  appDownloadButton: 'app-download-button',
  appDownloadPanel: 'app-download-panel',
  loginBanner: 'login-banner',
  loginForm: 'login-form',
  loginUsername: 'login-username',
  loginPassword: 'login-password',
  loginRemember: 'login-remember',
  loginSubmit: 'login-submit',
  loginGuest: 'login-guest',
  registerLink: 'register-link',
  findPasswordLink: 'find-password-link',
  findNameLink: 'find-name-link',
  privacyLink: 'privacy-link',
  termsLink: 'terms-link',
  accountForm: 'account-form',
  accountSubmit: 'account-submit',
  sendCodeButton: 'send-code-button',
  legalDocument: 'legal-document',

  // Shell
  shell: 'shell',
  sidebar: 'sidebar',
  sidebarMenu: 'sidebar-menu',
  sidebarToggle: 'sidebar-toggle',
  sidebarMask: 'sidebar-mask',
  topbarLogo: 'topbar-logo',
  topbarSearch: 'topbar-search',
  searchDialog: 'search-dialog',
  bigScreenLink: 'big-screen-link',
  userDropdown: 'user-dropdown',
  userName: 'user-name',
  userAvatar: 'user-avatar',
  roleBadge: 'role-badge',
  userMenu: 'user-menu',
  userMenuLogout: 'user-menu-logout',
  settingsButton: 'settings-button',
  settingsDrawer: 'settings-drawer',
  tagsView: 'tags-view',
  tag: 'tag',
  tagClose: 'tag-close',
  tagMenu: 'tag-menu',
  mainView: 'main-view',
  /** The visible view of the main area; hidden kept-alive views carry cachedView. */
  activeView: 'active-view',
  cachedView: 'cached-view',
  pageTitle: 'page-title',
  placeholder: 'placeholder',
  profile: 'profile',
  version: 'version',
} as const;

export type TestIdValue = (typeof TestId)[keyof typeof TestId];
