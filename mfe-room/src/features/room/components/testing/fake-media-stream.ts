/** jsdom has no MediaStream: this one only keeps its tracks, for tests to read back from `srcObject`. */
export class FakeMediaStream {
  constructor(readonly tracks: MediaStreamTrack[]) {}
  getTracks() {
    return this.tracks;
  }
}
