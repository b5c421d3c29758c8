import type { ReactElement } from 'react';
import { Spin } from 'antd';
import { TestId } from '../testids';

/** Centred spinner while the language table or the session loads. */
export function FullPageSpin(): ReactElement {
  return (
    <div className="full-page-center" data-testid={TestId.pageLoading}>
      <Spin size="large" />
    </div>
  );
}
