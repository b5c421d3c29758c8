import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config.js';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: null,
      mqttPort: 1883,
      mqttUrl: null,
      publicUrl: 'http://localhost:8080',
      // Only a guess at the address: the console builds handed-out links from where it was opened.
      publicUrlSet: false,
      logLevel: 'info',
      adminUsername: 'admin',
      adminPassword: null,
      smtpUrl: null,
      guestLogin: true,
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapTileAttribution: '© OpenStreetMap contributors',
      mapGeocoderUrl: null,
      weatherForecastUrl: null,
      passwordHashing: 'standard',
      firmware: { signingKey: null, vendorKeys: [], requireVendorSignature: false, maxBytes: 16_777_216 },
      documentMaxBytes: 20_971_520,
      appReleaseMaxBytes: 67_108_864,
      ingestConsumers: 4,
      ingestSubscription: 'plain',
    });
    expect(loadConfig({ INGEST_SUBSCRIPTION: 'shared' }).ingestSubscription).toBe('shared');
    expect(c.dataDir).toMatch(/\/data$/);
    expect([...c.services]).toEqual(['api', 'ingest', 'jobs', 'broker', 'sim']);
    expect(c.regionalServers.map((s) => s.key)).toEqual([
      'ChineseServer',
      'NorthAmericanServer',
      'EuropeanServer',
    ]);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/sf',
      DATABASE_URL: 'postgres://u@db:5432/sunfleet',
      MQTT_PORT: '11883',
      MQTT_URL: 'mqtt://broker:1883',
      PUBLIC_URL: 'https://solar.example.com',
      LOG_LEVEL: 'debug',
      ADMIN_USERNAME: 'root',
      ADMIN_PASSWORD: 'Long#Enough1',
      SMTP_URL: 'smtp://mail:25',
      SERVICES: 'api,jobs',
      REGIONAL_SERVERS: '{"EuropeanServer":"https://eu.example.com/#/login/index"}',
    });
    expect(c).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      publicUrl: 'https://solar.example.com',
      publicUrlSet: true,
      dataDir: '/tmp/sf',
      mqttPort: 11883,
      logLevel: 'debug',
      adminUsername: 'root',
    });
    expect([...c.services]).toEqual(['api', 'jobs']);
    expect(loadConfig({ PASSWORD_HASHING: 'minimal' }).passwordHashing).toBe('minimal');
    expect(
      loadConfig({
        MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png',
        MAP_TILE_ATTRIBUTION: '© Example',
        MAP_GEOCODER_URL: 'https://geo.example.com/search',
        WEATHER_FORECAST_URL: 'https://api.open-meteo.com/v1/forecast',
      }),
    ).toMatchObject({
      mapTileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png',
      mapTileAttribution: '© Example',
      mapGeocoderUrl: 'https://geo.example.com/search',
      weatherForecastUrl: 'https://api.open-meteo.com/v1/forecast',
    });
    expect(loadConfig({ MAP_TILE_URL: 'none' }).mapTileUrl).toBeNull();
    const vendor = Buffer.alloc(32, 7).toString('base64');
    expect(
      loadConfig({
        FIRMWARE_SIGNING_KEY: Buffer.alloc(32, 9).toString('base64'),
        FIRMWARE_VENDOR_KEYS: ` ${vendor} ,`,
        FIRMWARE_REQUIRE_VENDOR_SIGNATURE: 'true',
        FIRMWARE_MAX_BYTES: '1048576',
      }).firmware,
    ).toEqual({
      signingKey: Buffer.alloc(32, 9).toString('base64'),
      vendorKeys: [vendor],
      requireVendorSignature: true,
      maxBytes: 1_048_576,
    });
    expect(c.regionalServers).toEqual([
      { key: 'EuropeanServer', url: 'https://eu.example.com/#/login/index' },
    ]);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['MQTT_PORT', '-1'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['DATABASE_URL', 'not a url'],
    ['MQTT_URL', 'http://broker'],
    ['PUBLIC_URL', 'ftp://x'],
    ['SMTP_URL', 'mail.example.com'],
    ['LOG_LEVEL', 'loud'],
    ['SERVICES', 'api,web'],
    ['ADMIN_USERNAME', 'a b'],
    ['ADMIN_PASSWORD', 'short'],
    ['PASSWORD_HASHING', 'none'],
    ['TRUST_PROXY', 'maybe'],
    ['GUEST_LOGIN', 'sometimes'],
    ['REGIONAL_SERVERS', '{"MoonServer":"https://moon"}'],
    ['REGIONAL_SERVERS', '[1,2]'],
    ['MAP_TILE_URL', 'https://tiles.example.com/static.png'],
    ['MAP_TILE_URL', 'ftp://tiles.example.com/{z}/{x}/{y}.png'],
    ['MAP_GEOCODER_URL', 'geo.example.com'],
    ['WEATHER_FORECAST_URL', 'file:///etc/passwd'],
    ['FIRMWARE_SIGNING_KEY', 'c2hvcnQ='],
    ['FIRMWARE_SIGNING_KEY', '-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----'],
    ['FIRMWARE_VENDOR_KEYS', `${Buffer.alloc(32, 1).toString('base64')},not-a-key`],
    ['FIRMWARE_REQUIRE_VENDOR_SIGNATURE', 'true'],
    ['FIRMWARE_MAX_BYTES', '100'],
    ['FIRMWARE_MAX_BYTES', String(65 * 1024 * 1024)],
    ['INGEST_SUBSCRIPTION', 'exclusive'],
  ])('names %s when it is unusable (%s)', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(
      new RegExp(`^Invalid configuration: ${variable} `),
    );
  });
});
