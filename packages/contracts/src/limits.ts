/** Business constants and limits of SPEC §9, shared by server validation and client forms. */
export const Limits = {
  shortcuts: 8,
  timeSlots: 6,
  customMonths: 6,
  passwordMin: 6,
  passwordMax: 18,
  verificationCodeLength: 6,
  currencyCodeMax: 5,
  addressValueMax: 32,
  searchResultsBeforeMore: 8,
  userDescriptionMax: 60,
  deviceTypeNameMax: 100,
  hexInputMaxDigits: 4,
  usernameMax: 64,
  loginFieldMax: 128,
  pageSizeMax: 200,
} as const;

export const Timing = {
  requestTimeoutMs: 30_000,
  errorToastMs: 3_000,
  errorToastSuppressMs: 30,
  loadingOverlayMs: 5_000,
  searchDebounceMs: 400,
  chartResizeDebounceMs: 100,
} as const;

export const Layout = {
  mobileBreakpointPx: 992,
  sidebarWidthPx: 250,
  userNameWidthPx: 80,
  contextMenuWidthPx: 105,
  tagScrollPaddingPx: 4,
  searchDialogWidthPx: 640,
  defaultThemeColor: '#1890ff',
} as const;

/** Session lifetime rules (server side). */
export const SessionPolicy = {
  /** Idle lifetime: a session unused for this long expires. */
  idleTtlSeconds: 7 * 24 * 3600,
  /** A token older than this is rotated on its next use; the new one arrives in the renewal header. */
  renewAfterSeconds: 24 * 3600,
  /** The previous token keeps working this long after a rotation, for requests already in flight. */
  rotationGraceSeconds: 60,
  /** last_seen is written at most this often per session. */
  touchEverySeconds: 60,
} as const;

/** Login throttling (server side): failures within the window before 4029. */
export const LoginThrottle = {
  windowSeconds: 15 * 60,
  maxFailuresPerAccount: 5,
  maxFailuresPerAddress: 20,
} as const;
