import { useDispatch, useSelector } from 'react-redux';
import type { RoomDispatch, RoomStoreState } from './room-store';

/** react-redux's hooks typed for the room store (provided by the room page with `<Provider store>`). */
export const useRoomSelector = useSelector.withTypes<RoomStoreState>();
export const useRoomDispatch = useDispatch.withTypes<RoomDispatch>();
