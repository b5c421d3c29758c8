// Checks of a register map beyond its JSON schema (which already bounds every field and the column
// pattern). Pure, so the seed's built-in definitions are held to the same rules in the tests.
import {
  REGISTER_WORDS,
  RegistryMessage,
  type FieldError,
  type RegisterDefinition,
} from '@sunfleet/contracts';
import { dataTypeOf, registerWords } from '@sunfleet/domain';

const ADDRESS_SPACE = 0x10000;
/** Types whose value is text: no numeric range, and no numeric telemetry column. */
const TEXT_TYPES: ReadonlySet<string> = new Set(['STRING', 'VERSION', 'IP']);

/**
 * Every problem of the map, each naming its register (`body.registers[i].field`). Empty when the map may be
 * stored. `groups` are the display group keys that exist.
 */
export function registerMapProblems(
  registers: readonly RegisterDefinition[],
  groups: ReadonlySet<string>,
): FieldError[] {
  const problems: FieldError[] = [];
  const add = (index: number, field: string, rule: string, message: string): void => {
    problems.push({ field: `body.registers[${index}].${field}`, rule, message });
  };
  const keys = new Map<string, number>();
  const columns = new Map<string, number>();

  registers.forEach((r, i) => {
    const type = dataTypeOf(r);
    const firstWithKey = keys.get(r.key);
    if (firstWithKey === undefined) keys.set(r.key, i);
    else
      add(
        i,
        'key',
        RegistryMessage.registerKeyDuplicate,
        `key '${r.key}' is also register ${firstWithKey}'s`,
      );

    if (type !== 'STRING' && r.count !== REGISTER_WORDS[type]) {
      add(
        i,
        'count',
        RegistryMessage.registerCountMismatch,
        `${type} occupies ${REGISTER_WORDS[type]} register(s)`,
      );
    } else if (r.address + r.count > ADDRESS_SPACE) {
      add(i, 'address', RegistryMessage.registerBeyondEnd, 'runs past register 65535');
    }

    if (r.min !== null && r.max !== null && r.min > r.max) {
      add(i, 'min', RegistryMessage.registerRangeInvalid, `min ${r.min} is greater than max ${r.max}`);
    }
    if (r.writable && !TEXT_TYPES.has(type) && (r.min === null || r.max === null)) {
      add(
        i,
        r.min === null ? 'min' : 'max',
        RegistryMessage.registerRangeRequired,
        'a writable number needs min and max',
      );
    }

    if (r.column !== null) {
      const firstWithColumn = columns.get(r.column);
      if (TEXT_TYPES.has(type)) {
        add(
          i,
          'column',
          RegistryMessage.registerColumnNotNumeric,
          `a ${type} value cannot fill a numeric column`,
        );
      } else if (firstWithColumn !== undefined) {
        add(
          i,
          'column',
          RegistryMessage.registerColumnDuplicate,
          `register ${firstWithColumn} already fills ${r.column}`,
        );
      } else {
        columns.set(r.column, i);
      }
    }

    if (r.values !== undefined && r.values.length > 0) {
      const values = r.values.map((label) => label.value);
      const repeated = values.find((value, at) => values.indexOf(value) !== at);
      if (TEXT_TYPES.has(type))
        add(i, 'values', RegistryMessage.registerValuesInvalid, `a ${type} value cannot have labels`);
      else if (repeated !== undefined)
        add(i, 'values', RegistryMessage.registerValuesInvalid, `value ${repeated} is labelled twice`);
    }

    if (!groups.has(r.group))
      add(i, 'group', RegistryMessage.registerGroupUnknown, `no display group '${r.group}'`);
  });

  // Overlaps: walk the registers in address order; each must start after the furthest end seen so far.
  const order = registers.map((r, i) => ({ i, start: r.address, end: r.address + registerWords(r) }));
  order.sort((a, b) => a.start - b.start || a.i - b.i);
  let reach: { i: number; end: number } | null = null;
  for (const entry of order) {
    if (reach !== null && entry.start < reach.end) {
      add(entry.i, 'address', RegistryMessage.registerOverlap, `overlaps register ${reach.i}`);
    }
    if (reach === null || entry.end > reach.end) reach = { i: entry.i, end: entry.end };
  }
  return problems;
}
