/** The header the server itself fills with the socket's address; whatever a client sent there is dropped. */
export const CLIENT_IP_HEADER = 'x-grafik-client-ip';
