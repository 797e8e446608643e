import type { Socket } from 'node:net';

/**
 * An answer sent before the request body is read (413 at the size limit)
 * closes the connection. Node destroys the socket as soon as the answer is
 * written; bytes the client is still sending then reach a closed socket, the
 * kernel answers with a reset, and the client may lose the answer it has not
 * read yet. Lingering — ending our side, then discarding what still arrives
 * for a short while before destroying — lets the client read the answer
 * (what web servers call a lingering close). Bounded in time and bytes.
 */
const LINGER_MS = 2000;
const LINGER_BYTES = 4 * 1024 * 1024;
const marked = new WeakSet<Socket>();

export function lingerBeforeClose(socket: Socket | null | undefined) {
  if (!socket || marked.has(socket)) return;
  marked.add(socket);
  const s = socket as Socket & { destroySoon?: () => void };
  s.destroySoon = () => {
    const start = socket.bytesRead;
    const stop = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(stop, LINGER_MS);
    timer.unref();
    socket.on('data', () => {
      if (socket.bytesRead - start > LINGER_BYTES) stop();
    });
    socket.once('end', stop);
    socket.once('close', () => clearTimeout(timer));
    socket.end();
    socket.resume();
  };
}
