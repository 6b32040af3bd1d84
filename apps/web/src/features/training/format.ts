import dayjs from 'dayjs';

/** Seed 002 section 9 formats: MM/DD/YYYY and hh:mm A. */
export const formatDateTime = (iso: string) => dayjs(iso).format('MM/DD/YYYY hh:mm A');
export const formatDate = (iso: string) => dayjs(iso).format('MM/DD/YYYY');
export const formatTime = (iso: string) => dayjs(iso).format('hh:mm A');
