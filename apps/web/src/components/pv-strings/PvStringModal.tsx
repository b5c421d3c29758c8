import { useEffect, type ReactElement } from 'react';
import { Alert, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { PvStringLimits, type PvModuleDatasheet, type PvString } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { translateMessage } from '../../lib/i18n';
import { PvStringsTestId } from './testIds';
import { CUSTOM_MODULE, builtInValues, fromValues, toValues, type PvStringValues } from './pvStringForm';

interface NumberField {
  name: Exclude<keyof PvStringValues, 'builtIn' | 'model'>;
  /** Translation key of the label. */
  label: string;
  unit?: string;
  min: number;
  max: number;
  /** 0 for counts; decimals as typed otherwise. */
  precision?: number;
}

/** Where the string is: its MPPT input (those of the model), its number there, its modules in series. */
const placeFields = (mpptCount: number): NumberField[] => [
  { name: 'mppt', label: 'ivWeb.strings.mppt', min: 1, max: Math.max(mpptCount, 1), precision: 0 },
  {
    name: 'string',
    label: 'ivWeb.strings.string',
    min: 1,
    max: PvStringLimits.stringsPerMpptMax,
    precision: 0,
  },
  {
    name: 'modulesInSeries',
    label: 'ivWeb.strings.modulesInSeries',
    min: 1,
    max: PvStringLimits.modulesInSeriesMax,
    precision: 0,
  },
];

/** The datasheet's figures by row, within the contracts' bounds (PvModuleDatasheet; coefficients in %/K). */
const DATASHEET_ROWS: NumberField[][] = [
  [
    { name: 'voc', label: 'ivWeb.figure.voc', unit: 'V', min: 0.1, max: 1000 },
    { name: 'isc', label: 'ivWeb.figure.isc', unit: 'A', min: 0.01, max: 100 },
    { name: 'vmp', label: 'ivWeb.figure.vmp', unit: 'V', min: 0.1, max: 1000 },
    { name: 'imp', label: 'ivWeb.figure.imp', unit: 'A', min: 0.01, max: 100 },
  ],
  [
    { name: 'cellsInSeries', label: 'ivWeb.strings.cellsInSeries', min: 1, max: 400, precision: 0 },
    { name: 'bypassDiodes', label: 'ivWeb.strings.bypassDiodes', min: 1, max: 24, precision: 0 },
  ],
  [
    { name: 'alphaIscPct', label: 'ivWeb.strings.alphaIsc', unit: '%/K', min: -1, max: 1 },
    { name: 'betaVocPct', label: 'ivWeb.strings.betaVoc', unit: '%/K', min: -1, max: 0 },
    { name: 'gammaPmaxPct', label: 'ivWeb.strings.gammaPmax', unit: '%/K', min: -2, max: 0 },
  ],
];

/** A row of required numbers, each within its bounds with its unit after it. */
function NumberRow({ fields, disabled }: { fields: NumberField[]; disabled?: boolean }): ReactElement {
  const { t } = useTranslation();
  return (
    <Row gutter={12}>
      {fields.map((f) => (
        <Col key={f.name} span={24 / fields.length}>
          <Form.Item
            name={f.name}
            label={t(f.label)}
            rules={[{ required: true, message: t('rule.required') }]}
          >
            <InputNumber<number>
              min={f.min}
              max={f.max}
              precision={f.precision}
              disabled={disabled}
              suffix={f.unit}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

/**
 * Adds or changes one string: its MPPT input and number, modules in series, and the module's datasheet —
 * a built-in one chosen from the list, or any other entered figure by figure. The server checks the whole
 * list on save; its refusal (pv.moduleInvalid…) shows here and the dialog stays open.
 */
export function PvStringModal({
  open,
  string,
  existing,
  mpptCount,
  builtIns,
  save,
  refusal,
  onClose,
}: {
  open: boolean;
  /** The string being changed; undefined to add one. */
  string: PvString | undefined;
  existing: readonly PvString[];
  mpptCount: number;
  builtIns: readonly PvModuleDatasheet[];
  save: { mutate: (s: PvString) => void; isPending: boolean };
  /** The server's refusal of the last save, as a translation key. */
  refusal: string | null;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<PvStringValues>();
  const builtIn = Form.useWatch('builtIn', form);
  const custom = builtIn === CUSTOM_MODULE;

  useEffect(() => {
    if (open) form.setFieldsValue(toValues(string, builtIns, existing));
    // Filled once per opening (not on `existing`): a refetch of the list must not wipe what the user typed.
  }, [open, string]);

  const choose = (model: string): void => {
    const module = builtIns.find((b) => b.model === model);
    if (module !== undefined) form.setFieldsValue(builtInValues(module));
  };

  return (
    <FormModal<PvStringValues>
      open={open}
      title={t(string === undefined ? 'ivWeb.strings.add' : 'ivWeb.strings.edit')}
      form={form}
      save={{ mutate: (values) => save.mutate(fromValues(values)), isPending: save.isPending }}
      onClose={onClose}
      testId={PvStringsTestId.stringForm}
      width={720}
      intro={
        refusal !== null && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title={translateMessage(refusal)}
            data-testid={PvStringsTestId.stringProblem}
          />
        )
      }
    >
      <NumberRow fields={placeFields(mpptCount)} />
      <Form.Item name="builtIn" label={t('ivWeb.strings.module')}>
        <Select<string>
          onChange={choose}
          options={[
            ...builtIns.map((b) => ({ value: b.model, label: b.model })),
            { value: CUSTOM_MODULE, label: t('ivWeb.strings.customModule') },
          ]}
          data-testid={PvStringsTestId.stringModule}
        />
      </Form.Item>
      <Form.Item
        name="model"
        label={t('ivWeb.strings.model')}
        rules={[{ required: true, whitespace: true, message: t('rule.required') }]}
      >
        <Input maxLength={64} disabled={!custom} />
      </Form.Item>
      {DATASHEET_ROWS.map((fields, k) => (
        <NumberRow key={k} fields={fields} disabled={!custom} />
      ))}
    </FormModal>
  );
}
