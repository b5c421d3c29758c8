import type { ReactElement } from 'react';
import { Button } from 'antd';
import { DisconnectOutlined, ReloadOutlined } from '@ant-design/icons';
import { PRODUCT_NAME } from '../../components/Logo';

/**
 * Shown when the very first language table cannot be loaded. No translation exists yet at this point, so
 * the screen carries no words of ours: an icon, the browser's own error text and a retry button.
 */
export function LanguageLoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }): ReactElement {
  return (
    <div className="full-page-center" role="alert">
      <DisconnectOutlined style={{ fontSize: 48, color: '#faad14' }} />
      <strong>{PRODUCT_NAME}</strong>
      <code>{error.message}</code>
      <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry} aria-label="↻" />
    </div>
  );
}
