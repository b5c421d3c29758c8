import { describe, expect, it } from 'vitest';
import { RecordingMessage } from '@sunfleet/contracts';
import {
  RECORDING_FORM_DEFAULTS,
  recordingBody,
  recordingFormErrors,
  type RecordingFormValues,
} from './recordingForm';

const values = (extra: Partial<RecordingFormValues> = {}): RecordingFormValues => ({
  ...RECORDING_FORM_DEFAULTS,
  channels: [{ channel: 1, address: 40_100, dataType: 'S16' }],
  triggerAddress: 40_200,
  ...extra,
});

describe('the fault recording form', () => {
  it('sends the level only with a level trigger', () => {
    expect(recordingBody(7, values({ triggerLevel: 5 }))).not.toHaveProperty('triggerLevel');
    expect(recordingBody(7, values({ trigger: 'LEVEL', triggerLevel: 5 }))).toMatchObject({
      deviceId: 7,
      trigger: 'LEVEL',
      triggerLevel: 5,
      samples: 100,
    });
  });

  it('shows the rules across fields on their fields before sending', () => {
    expect(recordingFormErrors(7, values())).toEqual([]);
    expect(
      recordingFormErrors(
        7,
        values({
          trigger: 'LEVEL',
          triggerLevel: null,
          channels: [
            { channel: 2, address: 65_535, dataType: 'U32' },
            { channel: 2, address: 40_100, dataType: 'S16' },
          ],
        }),
      ),
    ).toEqual([
      { name: ['channels', 0, 'address'], errors: [RecordingMessage.addressOutOfRange] },
      { name: ['channels', 1, 'channel'], errors: [RecordingMessage.channelRepeated] },
      { name: ['triggerLevel'], errors: [RecordingMessage.triggerLevelRequired] },
    ]);
  });
});
