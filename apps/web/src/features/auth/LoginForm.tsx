import type { ReactElement } from 'react';
import { Button, Checkbox, Form } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Limits, type LoginData } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Paths } from '../../lib/paths';
import { sessionStarted } from '../../lib/session';
import { StorageKey, local } from '../../lib/storage';
import { TestId } from '../../testids';
import { login, loginAsGuest } from './api';
import { LegalLinks } from '../../components/LegalLinks';

interface LoginValues {
  username: string;
  password: string;
  remember: boolean;
}

/**
 * Only the user name is remembered, never the password — not even encrypted (docs/web.md). The browser's
 * own password manager is the right place for a password; `autocomplete` lets it do that.
 */
function rememberUsername(values: LoginValues): void {
  if (values.remember) local.set(StorageKey.rememberedUsername, values.username.trim());
  else local.remove(StorageKey.rememberedUsername);
}

/**
 * The login form (SPEC §2): user name, email or mobile plus password; guest login when the server offers
 * it. A successful login leaves the session cookie (set by the server); the guard then loads the session and opens the redirect.
 */
export function LoginForm({ guestLogin }: { guestLogin: boolean }): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginValues>();
  const remembered = local.get(StorageKey.rememberedUsername);

  const onLoggedIn = (_data: LoginData): void => sessionStarted();
  const signIn = useMutation({
    mutationFn: (values: LoginValues) =>
      login({ username: values.username.trim(), password: values.password }),
    onSuccess: onLoggedIn,
  });
  const guest = useMutation({ mutationFn: loginAsGuest, onSuccess: onLoggedIn });

  const onFinish = (values: LoginValues): void => {
    rememberUsername(values);
    signIn.mutate(values);
  };

  return (
    <Form<LoginValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ username: remembered ?? '', password: '', remember: remembered !== null }}
      onFinish={onFinish}
      data-testid={TestId.loginForm}
    >
      <Form.Item
        name="username"
        label={t('login.username')}
        rules={[{ required: true, whitespace: true, message: t('rule.required') }]}
      >
        <Input
          prefix={<UserOutlined />}
          autoComplete="username"
          maxLength={Limits.loginFieldMax}
          placeholder={t('login.usernamePlaceholder')}
          data-testid={TestId.loginUsername}
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('login.password')}
        rules={[{ required: true, message: t('rule.required') }]}
      >
        <Password
          prefix={<LockOutlined />}
          autoComplete="current-password"
          maxLength={Limits.loginFieldMax}
          placeholder={t('login.passwordPlaceholder')}
          data-testid={TestId.loginPassword}
        />
      </Form.Item>
      <div className="login-row">
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox data-testid={TestId.loginRemember}>{t('login.rememberUsername')}</Checkbox>
        </Form.Item>
        <span className="login-links">
          <Link to={Paths.findPassword} data-testid={TestId.findPasswordLink}>
            {t('login.forgotPassword')}
          </Link>
          <Link to={Paths.findName} data-testid={TestId.findNameLink}>
            {t('login.forgotUsername')}
          </Link>
        </span>
      </div>
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={signIn.isPending}
        disabled={guest.isPending}
        data-testid={TestId.loginSubmit}
      >
        {t('login.submit')}
      </Button>
      {guestLogin && (
        <Button
          block
          size="large"
          className="login-guest"
          loading={guest.isPending}
          disabled={signIn.isPending}
          onClick={() => guest.mutate()}
          data-testid={TestId.loginGuest}
        >
          {t('login.guest')}
        </Button>
      )}
      <p className="login-divider">
        <span>{t('login.noAccount')}</span>
      </p>
      <Link to={Paths.registeredAccount} className="login-register" data-testid={TestId.registerLink}>
        {t('login.register')}
      </Link>
      <p className="login-agreement">
        <LegalLinks i18nKey="login.agreement" />
      </p>
    </Form>
  );
}
