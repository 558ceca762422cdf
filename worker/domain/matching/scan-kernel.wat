;; The scan's inner loop (./scan.ts, ./kernel.ts): the automaton's steps over blocks of UTF-16 code
;; units, with nothing else in the loop. Assembled into scan-kernel.wasm by scripts/build-scan-kernel.mjs
;; (test/node/matching.scan-kernel.test.ts checks the committed binary is this text's).
;;
;; Memory (the caller's, imported): the automaton's table from byte 0, BYTE-encoded (a class is stored
;; times 4, a state as its row's byte offset, a flagged transition bitwise-negated), so a step is two
;; loads and an add: entry = load(r + load(unit * 4)). Four blocks of 16,384 units each, 32,768 bytes
;; apart from `u`; four states at `st`; events (a flagged transition: the scan must look) at `ev` as
;; pairs of i32: the unit's position (chain × 16384 + index in its block) and the entry read. The loop
;; records an event and goes on from the entry's state, so JavaScript looks at a block's events after
;; the block (a look reads the text, never the automaton's state).
(module
  (import "matcher" "memory" (memory 1))
  ;; Four chains, one step of each per iteration: four independent chains of dependent loads, which the
  ;; processor overlaps. n units each; returns the number of events written.
  (func (export "run4") (param $u i32) (param $n i32) (param $st i32) (param $ev i32) (result i32)
    (local $r0 i32) (local $r1 i32) (local $r2 i32) (local $r3 i32)
    (local $e0 i32) (local $e1 i32) (local $e2 i32) (local $e3 i32)
    (local $p i32) (local $end i32) (local $w i32) (local $k i32)
    (local.set $r0 (i32.load offset=0 (local.get $st)))
    (local.set $r1 (i32.load offset=4 (local.get $st)))
    (local.set $r2 (i32.load offset=8 (local.get $st)))
    (local.set $r3 (i32.load offset=12 (local.get $st)))
    (local.set $p (local.get $u))
    (local.set $end (i32.add (local.get $u) (i32.shl (local.get $n) (i32.const 1))))
    (local.set $w (local.get $ev))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $e0 (i32.load (i32.add (local.get $r0) (i32.load (i32.shl (i32.load16_u offset=0 (local.get $p)) (i32.const 2))))))
        (local.set $e1 (i32.load (i32.add (local.get $r1) (i32.load (i32.shl (i32.load16_u offset=32768 (local.get $p)) (i32.const 2))))))
        (local.set $e2 (i32.load (i32.add (local.get $r2) (i32.load (i32.shl (i32.load16_u offset=65536 (local.get $p)) (i32.const 2))))))
        (local.set $e3 (i32.load (i32.add (local.get $r3) (i32.load (i32.shl (i32.load16_u offset=98304 (local.get $p)) (i32.const 2))))))
        (if (i32.lt_s (i32.or (i32.or (local.get $e0) (local.get $e1)) (i32.or (local.get $e2) (local.get $e3))) (i32.const 0))
          (then
            (local.set $k (i32.shr_u (i32.sub (local.get $p) (local.get $u)) (i32.const 1)))
            (if (i32.lt_s (local.get $e0) (i32.const 0)) (then
              (i32.store offset=0 (local.get $w) (local.get $k))
              (i32.store offset=4 (local.get $w) (local.get $e0))
              (local.set $w (i32.add (local.get $w) (i32.const 8)))
              (local.set $e0 (i32.xor (local.get $e0) (i32.const -1)))))
            (if (i32.lt_s (local.get $e1) (i32.const 0)) (then
              (i32.store offset=0 (local.get $w) (i32.add (local.get $k) (i32.const 16384)))
              (i32.store offset=4 (local.get $w) (local.get $e1))
              (local.set $w (i32.add (local.get $w) (i32.const 8)))
              (local.set $e1 (i32.xor (local.get $e1) (i32.const -1)))))
            (if (i32.lt_s (local.get $e2) (i32.const 0)) (then
              (i32.store offset=0 (local.get $w) (i32.add (local.get $k) (i32.const 32768)))
              (i32.store offset=4 (local.get $w) (local.get $e2))
              (local.set $w (i32.add (local.get $w) (i32.const 8)))
              (local.set $e2 (i32.xor (local.get $e2) (i32.const -1)))))
            (if (i32.lt_s (local.get $e3) (i32.const 0)) (then
              (i32.store offset=0 (local.get $w) (i32.add (local.get $k) (i32.const 49152)))
              (i32.store offset=4 (local.get $w) (local.get $e3))
              (local.set $w (i32.add (local.get $w) (i32.const 8)))
              (local.set $e3 (i32.xor (local.get $e3) (i32.const -1)))))))
        (local.set $r0 (local.get $e0))
        (local.set $r1 (local.get $e1))
        (local.set $r2 (local.get $e2))
        (local.set $r3 (local.get $e3))
        (local.set $p (i32.add (local.get $p) (i32.const 2)))
        (br $next)))
    (i32.store offset=0 (local.get $st) (local.get $r0))
    (i32.store offset=4 (local.get $st) (local.get $r1))
    (i32.store offset=8 (local.get $st) (local.get $r2))
    (i32.store offset=12 (local.get $st) (local.get $r3))
    (i32.shr_u (i32.sub (local.get $w) (local.get $ev)) (i32.const 3)))
  ;; One chain over n units at u, its state at st; returns the number of events written.
  (func (export "run1") (param $u i32) (param $n i32) (param $st i32) (param $ev i32) (result i32)
    (local $r i32) (local $e i32) (local $p i32) (local $end i32) (local $w i32)
    (local.set $r (i32.load (local.get $st)))
    (local.set $p (local.get $u))
    (local.set $end (i32.add (local.get $u) (i32.shl (local.get $n) (i32.const 1))))
    (local.set $w (local.get $ev))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $e (i32.load (i32.add (local.get $r) (i32.load (i32.shl (i32.load16_u (local.get $p)) (i32.const 2))))))
        (if (i32.lt_s (local.get $e) (i32.const 0)) (then
          (i32.store offset=0 (local.get $w) (i32.shr_u (i32.sub (local.get $p) (local.get $u)) (i32.const 1)))
          (i32.store offset=4 (local.get $w) (local.get $e))
          (local.set $w (i32.add (local.get $w) (i32.const 8)))
          (local.set $e (i32.xor (local.get $e) (i32.const -1)))))
        (local.set $r (local.get $e))
        (local.set $p (i32.add (local.get $p) (i32.const 2)))
        (br $next)))
    (i32.store (local.get $st) (local.get $r))
    (i32.shr_u (i32.sub (local.get $w) (local.get $ev)) (i32.const 3))))
