sortid convert --to uuid ulids.txt | sortid convert --from uuid --to hex | sortid convert --from hex --to bin | sortid convert --from bin --to ulid | cmp - ulids.txt && echo identical
