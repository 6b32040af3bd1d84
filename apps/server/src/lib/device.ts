import type { SessionDeviceType } from '@portico/shared';
import UAParser from 'ua-parser-js';

export interface DeviceDescription {
  browser: string;
  os: string;
  deviceType: SessionDeviceType;
}

const joined = (...parts: Array<string | undefined>) => parts.filter(Boolean).join(' ');

/** Browser, system and kind of device from a user agent (ua-parser-js 1.x, MIT; 2.x is AGPL, decision 1121). */
export function describeUserAgent(userAgent: string): DeviceDescription {
  const ua = new UAParser(userAgent.slice(0, 512)).getResult();
  const type = ua.device.type;
  return {
    browser: joined(ua.browser.name, ua.browser.major),
    os: joined(ua.os.name, ua.os.version),
    deviceType: !type ? 'desktop' : type === 'mobile' || type === 'tablet' ? type : 'other',
  };
}

export interface Place {
  /** 'Syracuse, NY, US'. */
  name: string;
  country: string;
  latitude: number;
  longitude: number;
}

type GeoLookup = (address: string) => { country: string; region: string; city: string; ll: [number, number] } | null;
let geo: Promise<GeoLookup> | null = null;

/**
 * The offline database (geoip-lite: MaxMind's GeoLite2 data shipped in the package, no outside call) is read on the
 * first sign-in, not at start: about 110 MB in memory and 0.2 s, which the instances that serve no sign-in never pay.
 */
function geoLookup(): Promise<GeoLookup> {
  geo ??= import('geoip-lite').then((m) => {
    const lib = (m as unknown as { default?: { lookup: GeoLookup } }).default ?? (m as unknown as { lookup: GeoLookup });
    return (address: string) => lib.lookup(address);
  });
  return geo;
}

/** Where an address is, approximately; null for private, loopback and unknown addresses. */
export async function placeOf(address: string): Promise<Place | null> {
  if (!address) return null;
  const found = (await geoLookup())(address.replace(/^::ffff:/, ''));
  if (!found?.ll || (found.ll[0] === 0 && found.ll[1] === 0)) return null;
  return {
    name: [found.city, found.region, found.country].filter(Boolean).join(', '),
    country: found.country,
    latitude: found.ll[0],
    longitude: found.ll[1],
  };
}
