import { sentMedia } from './sdp-sends';

const session = ['v=0', 'o=- 1 2 IN IP4 127.0.0.1', 's=-', 't=0 0'];
const audio = (...lines: string[]) => ['m=audio 9 UDP/TLS/RTP/SAVPF 111', 'c=IN IP4 0.0.0.0', ...lines];
const video = (...lines: string[]) => ['m=video 9 UDP/TLS/RTP/SAVPF 96', 'c=IN IP4 0.0.0.0', ...lines];
const sdp = (...lines: string[]) => [...session, ...lines].join('\r\n') + '\r\n';

describe('sentMedia', () => {
  it('reads a receive-only answer as sending nothing', () => {
    expect(sentMedia(sdp(...audio('a=recvonly'), ...video('a=recvonly')))).toEqual({ audio: false, video: false });
  });

  it('reads sendrecv and sendonly sections as sending their kind', () => {
    expect(sentMedia(sdp(...audio('a=sendrecv'), ...video('a=recvonly')))).toEqual({ audio: true, video: false });
    expect(sentMedia(sdp(...audio('a=inactive'), ...video('a=sendonly')))).toEqual({ audio: false, video: true });
  });

  it('takes a section without a direction as the session level says, and sendrecv when neither does', () => {
    expect(sentMedia(sdp(...video()))).toEqual({ audio: false, video: true });
    expect(sentMedia(sdp('a=recvonly', ...video()))).toEqual({ audio: false, video: false });
  });

  it('ignores a disabled section (port 0) and data channels', () => {
    expect(sentMedia(sdp('m=video 0 UDP/TLS/RTP/SAVPF 96', 'a=sendrecv', 'm=application 9 UDP/DTLS/SCTP webrtc-datachannel'))).toEqual({
      audio: false,
      video: false,
    });
  });

  it('counts an unknown media kind as video, and a description with absurdly many sections as sending everything', () => {
    expect(sentMedia(sdp('m=text 9 RTP/AVP 98', 'a=sendonly'))).toEqual({ audio: false, video: true });
    const many = Array.from({ length: 65 }, () => audio('a=recvonly')).flat();
    expect(sentMedia(sdp(...many))).toEqual({ audio: true, video: true });
  });
});
