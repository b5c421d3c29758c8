import { useEffect, useMemo, type ReactElement } from 'react';
import { Button } from 'antd';
import { CloudServerOutlined } from '@ant-design/icons';
import type { ServerEntry } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { ChoiceMenu } from '../ChoiceMenu';
import { TestId } from '../../testids';
import { chooseServer, resolveCurrentServer, serverForHost } from './servers';

/** Server selector of the login and register header (SPEC §2, §4). */
export function ServerSelect({ servers }: { servers: readonly ServerEntry[] }): ReactElement | null {
  const { t } = useTranslation();
  const current = useMemo(() => serverForHost(window.location.host, servers), [servers]);
  useEffect(() => {
    resolveCurrentServer(servers);
  }, [servers]);

  if (servers.length === 0) return null;
  const currentEntry = servers.find((s) => s.key === current);
  const onChoose = (key: string): void => {
    const entry = servers.find((s) => s.key === key);
    if (entry !== undefined) chooseServer(entry, current);
  };

  return (
    <ChoiceMenu
      ariaLabel={t('auth.server')}
      current={current}
      onChoose={onChoose}
      choices={servers.map((server) => ({
        key: server.key,
        label: t(server.title),
        testId: TestId.serverOption,
      }))}
      trigger={
        <Button
          type="text"
          icon={<CloudServerOutlined />}
          data-testid={TestId.serverSelect}
          data-current={current}
          aria-label={t('auth.server')}
        >
          <span className="header-label">
            {currentEntry !== undefined ? t(currentEntry.title) : t('auth.server')}
          </span>
        </Button>
      }
    />
  );
}
