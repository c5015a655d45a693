import type { Request } from 'express';

/** The caller's address as Express resolved it (trust proxy: loopback, i.e. our gateway). */
export const clientIp = (request: Request): string => request.ip ?? request.socket.remoteAddress ?? 'unknown';
