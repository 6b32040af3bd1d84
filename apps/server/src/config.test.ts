import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('sizes each database pool at twice the cores unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(loadConfig({}).databasePoolSize).toBe(2 * availableParallelism());
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow();
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow();
  });

  it('sends texts through a provider only when SMS_URL and its account, token and sender are all set', () => {
    expect(loadConfig({}).sms).toBeUndefined();
    const sms = { SMS_URL: 'https://api.twilio.com/', SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 't', SMS_FROM: '+17145550100' };
    expect(loadConfig(sms).sms).toEqual({ url: 'https://api.twilio.com', accountSid: 'AC1', authToken: 't', from: '+17145550100' });
    expect(() => loadConfig({ ...sms, SMS_AUTH_TOKEN: '' })).toThrow(/SMS_AUTH_TOKEN/);
    expect(() => loadConfig({ ...sms, SMS_URL: 'not a url' })).toThrow();
  });

  it('reads MLS_TIME_ZONE as an IANA zone, America/Los_Angeles unless set', () => {
    expect(loadConfig({}).mlsTimeZone).toBe('America/Los_Angeles');
    expect(loadConfig({ MLS_TIME_ZONE: 'America/Chicago' }).mlsTimeZone).toBe('America/Chicago');
    expect(() => loadConfig({ MLS_TIME_ZONE: 'Pacific Time' })).toThrow(/MLS_TIME_ZONE/);
    expect(() => loadConfig({ MLS_TIME_ZONE: 'Mars/Olympus_Mons' })).toThrow(/MLS_TIME_ZONE/);
  });
});
