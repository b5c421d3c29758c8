import { useState, type ReactElement } from 'react';
import { Alert, Button, Modal, Result, Table, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { GatewayLimits } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/request';
import { saveFile } from '../../lib/saveFile';
import { importGateways } from './api';
import { fieldErrorsOf, importRowErrors, type RowError } from './loggerText';
import { GatewayTestId } from './testIds';

/**
 * Import loggers from an XLSX (SN, MAC, Model; all or nothing). Success downloads the credentials sheet the
 * server answers with (its passwords exist nowhere else); a refusal lists each bad row with its problem.
 */
export function ImportGatewaysModal({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [tooLarge, setTooLarge] = useState(false);
  const run = useMutation({
    mutationFn: (file: File) => importGateways(file),
    onSuccess: (sheet) => saveFile(sheet),
  });
  const close = (): void => {
    setFiles([]);
    setTooLarge(false);
    run.reset();
    onClose();
  };
  const file = files[0]?.originFileObj;
  const rows: RowError[] =
    run.error instanceof ApiError ? importRowErrors(fieldErrorsOf(run.error.data)) : [];
  const done = run.data !== undefined;

  return (
    <Modal
      open={open}
      title={t('loggers.import')}
      onCancel={close}
      destroyOnHidden
      width={680}
      okText={done ? t('loggers.close') : t('loggers.importRun')}
      cancelText={t('common.cancel')}
      cancelButtonProps={done ? { style: { display: 'none' } } : {}}
      okButtonProps={{
        disabled: !done && (file === undefined || tooLarge),
        'data-testid': GatewayTestId.importSubmit,
      }}
      confirmLoading={run.isPending}
      onOk={() => (done ? close() : file !== undefined && run.mutate(file))}
    >
      {done ? (
        <Result
          status="success"
          title={t('loggers.importDone')}
          subTitle={t('loggers.importDoneHint', { file: run.data.fileName })}
          data-testid={GatewayTestId.importDone}
        />
      ) : (
        <>
          <p>{t('loggers.importIntro', { rows: GatewayLimits.importRowsMax })}</p>
          <Upload
            accept=".xlsx"
            maxCount={1}
            fileList={files}
            beforeUpload={() => false}
            onChange={({ fileList }) => {
              const picked = fileList.slice(-1);
              setFiles(picked);
              setTooLarge((picked[0]?.size ?? 0) > GatewayLimits.importFileBytesMax);
              run.reset();
            }}
            data-testid={GatewayTestId.importFile}
          >
            <Button icon={<UploadOutlined />}>{t('loggers.chooseFile')}</Button>
          </Upload>
          {tooLarge && (
            <Alert type="error" showIcon style={{ marginTop: 12 }} title={t('gateway.importFileTooLarge')} />
          )}
          {rows.length > 0 && (
            <Table<RowError>
              style={{ marginTop: 12 }}
              size="small"
              rowKey={(r) => `${r.row ?? '-'}:${r.column ?? ''}:${r.rule}`}
              dataSource={rows}
              pagination={rows.length > 10 ? { pageSize: 10 } : false}
              data-testid={GatewayTestId.importErrors}
              columns={[
                { title: t('loggers.importRow'), dataIndex: 'row', render: (v: number | null) => v ?? '-' },
                {
                  title: t('loggers.importColumn'),
                  dataIndex: 'column',
                  render: (v: string | null) => v ?? '-',
                },
                {
                  title: t('loggers.importProblem'),
                  dataIndex: 'rule',
                  render: (rule: string) => t(rule),
                },
              ]}
            />
          )}
        </>
      )}
    </Modal>
  );
}
