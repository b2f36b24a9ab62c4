// A TCP path from the app to PostgreSQL that a test can cut and restore, to stand for PostgreSQL
// being stopped and started again without stopping the machine's shared server: while it is cut,
// every open connection is dropped and new ones are refused, as they are by a stopped server.
import net from 'node:net';

export class TcpPath {
  readonly #target: { host: string; port: number };
  readonly #sockets = new Set<net.Socket>();
  #server: net.Server | null = null;
  #port = 0;
  #silent = false;

  constructor(target: { host: string; port: number }) {
    this.#target = target;
  }

  get port(): number {
    return this.#port;
  }

  /**
   * Opens the path (on the port it had before, after a cut). `silent`: connections are accepted
   * and never answered, as behind a network that drops packets.
   */
  async open(options: { silent?: boolean } = {}): Promise<void> {
    this.#silent = options.silent ?? false;
    const server = net.createServer((client) => {
      this.#sockets.add(client);
      client.on('close', () => this.#sockets.delete(client));
      client.on('error', () => client.destroy());
      if (this.#silent) return;
      const upstream = net.connect(this.#target);
      this.#sockets.add(upstream);
      upstream.on('close', () => this.#sockets.delete(upstream));
      for (const socket of [client, upstream]) {
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.#port, '127.0.0.1', () => resolve());
    });
    this.#port = (server.address() as net.AddressInfo).port;
    this.#server = server;
  }

  /** Drops every connection and refuses new ones. */
  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The URL with its host and port replaced by this path's. */
  route(url: URL): URL {
    const routed = new URL(url);
    routed.hostname = '127.0.0.1';
    routed.port = String(this.#port);
    return routed;
  }
}
