import { Anchor, Box, Stack, Text } from '@mantine/core';
import { TRAINING_MESSAGES as M, TRAINING, type TrainingLocation } from '@portico/shared';

const SIZE = { width: 640, height: 320 };
/** Degrees of longitude across the drawing; latitude keeps the same scale at this latitude. */
const SPAN = 0.12;

/**
 * The Location tab's map, drawn here as an SVG: a graticule around the geocoded point and its pin (no map tiles are
 * fetched: the portal reaches no tile server), with a link out to a full map. An address the gazetteer does not know
 * shows Southern California (seed 002 section 2). docs/decisions/0600-training.md.
 */
export function LocationMap({ location }: { location: TrainingLocation }) {
  const isGeocoded = location.latitude != null && location.longitude != null;
  const lat = isGeocoded ? (location.latitude as number) : TRAINING.defaultMapCenter.latitude;
  const lng = isGeocoded ? (location.longitude as number) : TRAINING.defaultMapCenter.longitude;
  const span = isGeocoded ? SPAN : 3;
  const step = span / 6;
  const lines = Array.from({ length: 7 }, (_, i) => i);
  const osm = `https://www.openstreetmap.org/?mlat=${lat.toFixed(5)}&mlon=${lng.toFixed(5)}#map=${isGeocoded ? 15 : 8}/${lat.toFixed(5)}/${lng.toFixed(5)}`;
  const label = isGeocoded ? location.name : TRAINING.defaultMapCenter.label;
  return (
    <Stack gap="xs">
      {!isGeocoded && (
        <Text size="sm" c="dimmed" data-testid="map-fallback">
          {M.mapFallback}
        </Text>
      )}
      <Box style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, overflow: 'hidden', maxWidth: SIZE.width }}>
        <svg
          viewBox={`0 0 ${SIZE.width} ${SIZE.height}`}
          width="100%"
          role="img"
          aria-label={`Map of ${label} at ${lat.toFixed(4)}, ${lng.toFixed(4)}`}
        >
          <rect width={SIZE.width} height={SIZE.height} fill="#e7f5ff" />
          {lines.map((i) => (
            <g key={i} stroke="#a5d8ff" strokeWidth={1}>
              <line x1={(SIZE.width / 6) * i} y1={0} x2={(SIZE.width / 6) * i} y2={SIZE.height} />
              <line x1={0} y1={(SIZE.height / 6) * i} x2={SIZE.width} y2={(SIZE.height / 6) * i} />
            </g>
          ))}
          <text x={8} y={SIZE.height - 8} fontSize={12} fill="#1c3d5a">
            {`${(lat - step * 3).toFixed(3)}°, ${(lng - step * 3).toFixed(3)}°`}
          </text>
          <text x={SIZE.width - 8} y={16} fontSize={12} fill="#1c3d5a" textAnchor="end">
            {`${(lat + step * 3).toFixed(3)}°, ${(lng + step * 3).toFixed(3)}°`}
          </text>
          <g transform={`translate(${SIZE.width / 2}, ${SIZE.height / 2})`}>
            <path d="M0 0 C -14 -22 -18 -30 -18 -38 A 18 18 0 1 1 18 -38 C 18 -30 14 -22 0 0 Z" fill="#c92a2a" />
            <circle cx={0} cy={-38} r={7} fill="#fff" />
          </g>
          <text x={SIZE.width / 2} y={SIZE.height / 2 + 24} fontSize={15} fontWeight={700} fill="#1c3d5a" textAnchor="middle">
            {label}
          </text>
        </svg>
      </Box>
      <Anchor href={osm} target="_blank" rel="noopener noreferrer" size="sm">
        Open this location on OpenStreetMap
      </Anchor>
    </Stack>
  );
}
