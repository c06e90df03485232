package platform_test

import (
	"fmt"
	"log"

	"github.com/tact-engine/tact/platform"
)

// An input method's composition, injected as SDL would report it, arrives
// through TextEditing before the commit's TextInput; SetTextInputRect puts
// the candidate window by the text (remembered here, without video). Init
// must run on the main thread, so this example is compiled, not run; it
// prints:
//
//	composing "ni", cursor 2
//	composing "nihao", cursor 5
//	composing "", cursor 0
//	typed "你好"
//	candidate window by 146 140 2 20
func ExampleInput_InjectTextEditing() {
	p, err := platform.Init(platform.Options{NoVideo: true})
	if err != nil {
		log.Fatal(err)
	}
	defer p.Close()
	in := p.Input()
	in.TextEditing.On(func(e platform.TextEditingEvent) {
		fmt.Printf("composing %q, cursor %d\n", e.Text, e.Start)
	})
	in.TextInput.On(func(s string) { fmt.Printf("typed %q\n", s) })

	in.InjectTextEditing("ni", 2, 0)
	in.InjectTextEditing("nihao", 5, 0)
	in.InjectTextEditing("", 0, 0)
	in.InjectText("你好")
	in.Dispatch()

	in.SetTextInputRect(146, 140, 2, 20)
	x, y, w, h, _ := in.TextInputRect()
	fmt.Println("candidate window by", x, y, w, h)
}
